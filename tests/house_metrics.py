"""The house's measurable shape: modules and lines per subpackage, the longest functions, the widest public signatures,
and the share of test assertions that match prose. `python tests/house_metrics.py` prints the table;
`tests/test_house.py` holds the package to the limits the project set itself."""
from __future__ import annotations
import ast, json, re, sys
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "ceiling_scout"
MAX_FUNCTION_LINES = 60
MAX_PUBLIC_PARAMS = 8


def package_files() -> list[Path]:
    """Every generated module of the package but nbdev's index."""
    return sorted(p for p in PKG.rglob("*.py") if p.name != "_modidx.py")


def lines_per_subpackage() -> dict[str, tuple[int, int]]:
    """{subpackage (or '.' for the top level): (modules, lines)}."""
    out: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for p in package_files():
        rel = p.relative_to(PKG)
        key = rel.parts[0] if len(rel.parts) > 1 else "."
        out[key][0] += 1
        out[key][1] += len(p.read_text().splitlines())
    return {k: (v[0], v[1]) for k, v in sorted(out.items())}


def functions() -> list[dict]:
    """Every function and method of the package: where, how long, how many parameters, public or not."""
    rows = []
    for p in package_files():
        tree = ast.parse(p.read_text())
        parents = {}
        for node in ast.walk(tree):
            for child in ast.iter_child_nodes(node): parents[child] = node
        for node in ast.walk(tree):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)): continue
            a = node.args
            params = [x.arg for x in a.posonlyargs + a.args + a.kwonlyargs if x.arg not in ("self", "cls")]
            parent = parents.get(node)
            nested = isinstance(parent, (ast.FunctionDef, ast.AsyncFunctionDef))
            public = not node.name.startswith("_") and not nested and not (
                isinstance(parent, ast.ClassDef) and parent.name.startswith("_"))
            rows.append(dict(where=f"{p.relative_to(ROOT)}:{node.lineno}", name=node.name,
                             lines=node.end_lineno - node.lineno + 1, params=len(params), public=public))
    return rows


_PROSE = re.compile(r"\b[A-Za-z]+\b(?:[ ,;:'()]+\b[A-Za-z]+\b){2,}")   # a phrase: three or more words in a row
_ASSERT_CALLS = {"test_eq", "test_ne", "test_close", "test_fail", "test_is", "test_in", "test_stdout", "test_warns",
                 "assertEqual", "assertIn", "assertRegex", "test_eq_type"}


def _is_assertion(node: ast.AST) -> bool:
    if isinstance(node, ast.Assert): return True
    if isinstance(node, ast.Call):
        f = node.func
        name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
        return name in _ASSERT_CALLS
    return False


def _matches_prose(node: ast.AST) -> bool:
    """An assertion that compares text: a string constant of two or more words inside it (messages of `assert` and the
    `contains=` of test_fail are about errors, and errors are one-line text by design: they count too)."""
    target = node.test if isinstance(node, ast.Assert) else node
    return any(isinstance(c, ast.Constant) and isinstance(c.value, str) and _PROSE.search(c.value)
               for c in ast.walk(target))


def test_sources() -> list[tuple[str, str]]:
    """(where, code) of every test: notebook code cells that are not exported, and Python files under tests/."""
    out = []
    for nb in sorted((ROOT / "nbs").glob("*.ipynb")):
        cells = json.loads(nb.read_text())["cells"]
        for i, c in enumerate(cells):
            if c["cell_type"] != "code": continue
            src = "".join(c["source"])
            if re.search(r"^#\|\s*(export|exporti|exports)\b", src, re.M): continue
            out.append((f"{nb.name}#{i}", src))
    for p in sorted((ROOT / "tests").rglob("*.py")):
        if p.name in ("house_metrics.py",): continue
        out.append((str(p.relative_to(ROOT)), p.read_text()))
    return out


_ERROR_NAMES = re.compile(r"\b(err|errs|error|errors|stderr|e|exc|msg|refused|lines)\b")
_ERROR_ATTRS = {"error", "errors", "stderr", "refused", "why", "reason"}


def _about_errors(node: ast.AST) -> bool:
    """An assertion about an error message (test_fail's `contains=`, or text read from stderr/an exception): one-line
    errors naming the bad value are a required behaviour, so they are counted apart from prose about results."""
    if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "test_fail": return True
    target = node.test if isinstance(node, ast.Assert) else node
    return any((isinstance(n, ast.Name) and _ERROR_NAMES.fullmatch(n.id)) or
               (isinstance(n, ast.Attribute) and n.attr in _ERROR_ATTRS) for n in ast.walk(target))


def assertion_counts() -> tuple[int, int, int]:
    """(all assertions, assertions that match prose about results, assertions on error messages) over every test."""
    total = prose = errors = 0
    for _, src in test_sources():
        src = "\n".join(l for l in src.splitlines() if not l.lstrip().startswith(("%", "!", "#|")))
        try: tree = ast.parse(src)
        except SyntaxError: continue
        for node in ast.walk(tree):
            if _is_assertion(node):
                total += 1
                if not _matches_prose(node): continue
                if _about_errors(node): errors += 1
                else: prose += 1
    return total, prose, errors


def prose_assertions(name_filter: str = "") -> list[tuple[str, str]]:
    """(where, assertion) of every assertion on prose about results, in test sources whose name contains `name_filter`."""
    out = []
    for where, src in test_sources():
        if name_filter not in where: continue
        src = "\n".join(l for l in src.splitlines() if not l.lstrip().startswith(("%", "!", "#|")))
        try: tree = ast.parse(src)
        except SyntaxError: continue
        out += [(where, ast.unparse(n)) for n in ast.walk(tree)
                if _is_assertion(n) and _matches_prose(n) and not _about_errors(n)]
    return out


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--prose":   # python tests/house_metrics.py --prose 20_attention
        for where, a in prose_assertions(sys.argv[2]): print(f"{where}: {a[:200]}")
        return
    print("| subpackage | modules | lines |\n|---|---|---|")
    for k, (m, n) in lines_per_subpackage().items(): print(f"| {k} | {m} | {n} |")
    fs = functions()
    print("\nlongest functions:")
    for r in sorted(fs, key=lambda r: -r["lines"])[:5]: print(f"  {r['lines']:4d} lines  {r['name']}  {r['where']}")
    print("most parameters (public):")
    for r in sorted((r for r in fs if r["public"]), key=lambda r: -r["params"])[:5]:
        print(f"  {r['params']:4d} params {r['name']}  {r['where']}")
    over_len = sum(r["lines"] > MAX_FUNCTION_LINES for r in fs)
    over_par = sum(r["public"] and r["params"] > MAX_PUBLIC_PARAMS for r in fs)
    print(f"functions over {MAX_FUNCTION_LINES} lines: {over_len}; public functions over {MAX_PUBLIC_PARAMS} "
          f"parameters: {over_par}")
    total, prose, errors = assertion_counts()
    print(f"assertions: {total}; matching prose about results: {prose} ({100 * prose / max(total, 1):.1f} %); "
          f"on error messages: {errors} ({100 * errors / max(total, 1):.1f} %)")


if __name__ == "__main__":
    sys.exit(main())
