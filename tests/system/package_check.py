#!/usr/bin/env python
"""Hygiene of the generated package, read with `ast` only: private imports, import cycles, a line-length ratchet."""
from __future__ import annotations
import argparse, ast, json, sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {"_modidx.py"}  # nbdev's generated index: not code anyone writes


@dataclass
class Module:
    "One source file of the package: its dotted name, path relative to the package's parent, source lines and tree."
    name: str
    rel: str
    lines: list[str]
    tree: ast.Module
    is_package: bool = False


@dataclass
class Report:
    "What the checks found: violations fail the check, hints do not."
    violations: list[str] = field(default_factory=list)
    hints: list[str] = field(default_factory=list)
    line_counts: dict[str, int] = field(default_factory=dict)


def read_package(pkg: Path) -> dict[str, Module]:
    "Every `.py` file under `pkg` (but `_modidx.py`) by dotted module name; `__init__.py` is the package itself."
    out = {}
    for path in sorted(pkg.rglob("*.py")):
        if path.name in SKIP: continue
        parts = list(path.relative_to(pkg.parent).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        if is_package: parts = parts[:-1]
        text = path.read_text(encoding="utf-8")
        out[".".join(parts)] = Module(".".join(parts), str(path.relative_to(pkg.parent)), text.splitlines(),
                                      ast.parse(text, filename=str(path)), is_package)
    return out


def _is_type_checking(test: ast.expr) -> bool:
    "True for `if TYPE_CHECKING:` and `if typing.TYPE_CHECKING:` (imports there never run)."
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or \
           (isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def iter_imports(tree: ast.AST, module_level: bool) -> list[ast.Import|ast.ImportFrom]:
    "Import statements in `tree`; with `module_level`, only those run at import (not in functions or TYPE_CHECKING)."
    found = []
    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if module_level and isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)): continue
            if module_level and isinstance(child, ast.If) and _is_type_checking(child.test):
                for o in child.orelse: visit_one(o)
                continue
            visit_one(child)
    def visit_one(node: ast.AST) -> None:
        if isinstance(node, (ast.Import, ast.ImportFrom)): found.append(node)
        visit(node)
    visit(tree)
    return found


def _base(mod: Module, node: ast.ImportFrom) -> str:
    "The absolute dotted name that `from <...> import` names in `mod` (relative levels resolved)."
    if not node.level: return node.module or ""
    package = mod.name.split(".") if mod.is_package else mod.name.split(".")[:-1]
    if node.level > 1: package = package[:len(package) - (node.level - 1)]
    return ".".join(package + ([node.module] if node.module else []))


def imported_modules(mod: Module, node: ast.Import|ast.ImportFrom, modules: dict) -> list[tuple[str, str|None]]:
    "(package module, imported name or None) for each package module that `node` imports in `mod`."
    if isinstance(node, ast.Import):
        return [(m, None) for m in {_deepest(a.name, modules) for a in node.names} if m]
    base, out = _base(mod, node), []
    for alias in node.names:
        sub = f"{base}.{alias.name}" if base else alias.name
        if sub in modules: out.append((sub, None))            # `from . import verdict`: the submodule itself
        elif base in modules: out.append((base, alias.name))   # `from .verdict import judge`: a name of the module
    return out


def _deepest(dotted: str, modules: dict) -> str|None:
    "The longest prefix of `dotted` that is a module of the package (`import pkg.a.b` imports pkg.a.b)."
    parts = dotted.split(".")
    for i in range(len(parts), 0, -1):
        if ".".join(parts[:i]) in modules: return ".".join(parts[:i])
    return None


def _private(name: str) -> bool: return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def check_private_imports(modules: dict[str, Module], allowlist: set[tuple[str, str]], rep: Report) -> None:
    "No module imports another package module's private (`_name`) names, anywhere in it, unless allowlisted."
    used = set()
    for mod in modules.values():
        for node in iter_imports(mod.tree, module_level=False):
            if not isinstance(node, ast.ImportFrom): continue
            for target, name in imported_modules(mod, node, modules):
                last = name or target.rsplit(".", 1)[-1]
                if target == mod.name or not _private(last): continue
                short = mod.name.split(".", 1)[-1] if "." in mod.name else mod.name
                if (short, last) in allowlist: used.add((short, last)); continue
                rep.violations.append(f"private import: {mod.rel}:{node.lineno} imports {last} from {target} "
                                      f"(make it public in {target}, or move the code)")
    for short, name in sorted(allowlist - used):
        rep.hints.append(f"allowlist: '{short}: {name}' is no longer imported; remove it from the allowlist")


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    "Strongly connected components with a cycle (Tarjan), each as a list of module names."
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    def strong(v: str) -> None:
        index[v] = low[v] = counter[0]; counter[0] += 1; stack.append(v); on.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index: strong(w); low[v] = min(low[v], low[w])
            elif w in on: low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop(); on.discard(w); comp.append(w)
                if w == v: break
            if len(comp) > 1 or v in graph.get(v, ()): out.append(sorted(comp))
    for v in sorted(graph):
        if v not in index: strong(v)
    return out


def _path_in(comp: list[str], graph: dict[str, set[str]]) -> list[str]:
    "One cycle through the component's first module, as a list of module names ending where it started."
    start, comp_set = comp[0], set(comp)
    prev, frontier = {start: None}, [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph.get(v, ()) & comp_set):
                if w == start:
                    path = [v]
                    while prev[path[-1]] is not None: path.append(prev[path[-1]])
                    return list(reversed(path)) + [start]
                if w not in prev: prev[w] = v; nxt.append(w)
        frontier = nxt
    return comp + [start]


def check_cycles(modules: dict[str, Module], rep: Report) -> None:
    "No cycle among module-level imports (an import inside a function is how a cycle is broken on purpose)."
    graph, where = {m: set() for m in modules}, {}
    for mod in modules.values():
        for node in iter_imports(mod.tree, module_level=True):
            for target, _ in imported_modules(mod, node, modules):
                if target == mod.name: continue
                graph[mod.name].add(target); where.setdefault((mod.name, target), f"{mod.rel}:{node.lineno}")
    for comp in cycles(graph):
        path = _path_in(comp, graph)
        steps = ", ".join(where[(a, b)] for a, b in zip(path, path[1:]))
        rep.violations.append(f"import cycle: {' -> '.join(path)} (module-level imports at {steps}; "
                              "import inside the function that needs it to break it)")


def generated_all_lines(tree: ast.Module) -> set[int]:
    "Line numbers of a module-level `__all__ = [...]`: nbdev writes and wraps it, so its width is not ours to keep."
    out = set()
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            out.update(range(node.lineno, (node.end_lineno or node.lineno) + 1))
    return out


def count_long_lines(modules: dict[str, Module], max_len: int) -> dict[str, list[int]]:
    "Line numbers longer than `max_len` characters, by file (relative to the package's parent); nbdev's `__all__` aside."
    out = {}
    for m in modules.values():
        skip = generated_all_lines(m.tree)
        out[m.rel] = [i + 1 for i, l in enumerate(m.lines) if len(l) > max_len and i + 1 not in skip]
    return out


def check_line_length(modules: dict[str, Module], baseline: dict[str, int], max_len: int, rep: Report) -> None:
    "Ratchet: no file may have more over-long lines than its baseline count (a file not in the baseline: none)."
    for rel, long in sorted(count_long_lines(modules, max_len).items()):
        rep.line_counts[rel] = len(long)
        allowed = baseline.get(rel, 0)
        if len(long) > allowed:
            shown = ", ".join(map(str, long[:12])) + (", ..." if len(long) > 12 else "")
            rep.violations.append(f"line length: {rel} has {len(long)} lines over {max_len} characters, baseline "
                                  f"{allowed} (lines {shown}); wrap the lines you added")
        elif len(long) < allowed:
            rep.hints.append(f"line length: {rel} is down to {len(long)} lines over {max_len} characters from "
                             f"{allowed}; lower the baseline (tests/system/package_check.py --update-baseline)")
    for rel in sorted(set(baseline) - set(rep.line_counts)):
        rep.hints.append(f"line length: {rel} is in the baseline but not in the package; --update-baseline drops it")


def read_allowlist(path: Path) -> set[tuple[str, str]]:
    "`module: name` per line (`#` starts a comment); a missing file is an empty allowlist."
    out = set()
    if not path.exists(): return out
    for n, raw in enumerate(path.read_text().splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line: continue
        module, sep, name = (p.strip() for p in line.partition(":"))
        if not sep or not module or not name: raise SystemExit(f"{path}:{n}: expected 'module: name'; got {raw!r}")
        out.add((module, name))
    return out


def check(pkg: Path, baseline: dict[str, int], allowlist: set[tuple[str, str]], max_len: int=120) -> Report:
    "Run the three checks on the package directory `pkg`."
    modules, rep = read_package(pkg), Report()
    check_private_imports(modules, allowlist, rep)
    check_cycles(modules, rep)
    check_line_length(modules, baseline, max_len, rep)
    return rep


def main(argv: list[str]|None=None) -> int:
    "Command line: print one line per violation and per hint; exit 1 when anything failed."
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--package", type=Path, default=ROOT / "ceiling_scout", help="the package directory")
    ap.add_argument("--baseline", type=Path, default=ROOT / ".ci" / "line_length_baseline.json")
    ap.add_argument("--allowlist", type=Path, default=ROOT / ".ci" / "private_import_allowlist.txt")
    ap.add_argument("--max-line", type=int, default=120, help="longest line allowed, in characters")
    ap.add_argument("--update-baseline", action="store_true", help="rewrite the baseline with today's counts")
    a = ap.parse_args(argv)
    baseline = json.loads(a.baseline.read_text()) if a.baseline.exists() else {}
    rep = check(a.package, baseline, read_allowlist(a.allowlist), a.max_line)
    if a.update_baseline:
        counts = {k: v for k, v in sorted(rep.line_counts.items()) if v}
        a.baseline.parent.mkdir(parents=True, exist_ok=True)
        a.baseline.write_text(json.dumps(counts, indent=1) + "\n")
        print(f"wrote {a.baseline} ({sum(counts.values())} over-long lines in {len(counts)} files)")
        rep.violations = [v for v in rep.violations if not v.startswith("line length:")]
        rep.hints = [h for h in rep.hints if not h.startswith("line length:")]
    for line in rep.violations: print(f"FAIL {line}")
    for line in rep.hints: print(f"hint {line}")
    if rep.violations:
        print(f"package hygiene: {len(rep.violations)} violation(s) in {a.package}")
        return 1
    print(f"package hygiene ok: {a.package} (no private imports outside the allowlist, no import cycles, "
          f"line lengths within the baseline)")
    return 0


if __name__ == "__main__": sys.exit(main())
