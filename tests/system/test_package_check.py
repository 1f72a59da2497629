#!/usr/bin/env python
"""Tests of tests/system/package_check.py on small fixture packages written to a temporary directory (plain asserts)."""
import contextlib, io, json, subprocess, sys, tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import package_check as cp


def make(root: Path, files: dict[str, str]) -> Path:
    "Write the package `pkg` with `files` (name -> source) under `root`; return its directory."
    pkg = root / "pkg"
    for name, text in files.items():
        (pkg / name).parent.mkdir(parents=True, exist_ok=True)
        (pkg / name).write_text(text)
    return pkg


CLEAN = {
    "__init__.py": '__version__ = "1"\ndef __getattr__(name): import importlib; return importlib.import_module(name)\n',
    "core.py": "import os\nx = 1\n_private = 2\n",
    "a.py": "from .core import x\nfrom . import core\nfrom pkg.core import x as y\n",
    "b.py": ("from .a import *\nfrom . import __version__\n"
             "def late():\n    from .c import z  # an import inside a function breaks the cycle on purpose\n"),
    "c.py": "from .b import late\nz = 3\n" + "y = 1  # " + "x" * 111 + "\n",  # a line of exactly 120
    "_modidx.py": "from .core import _private\nd = {" + "'k': 1, " * 30 + "}\n",  # skipped entirely
    "sub/__init__.py": "from ..core import x\n",
    "sub/deep.py": "from . import x\nfrom .. import a\n",
}


def run(pkg: Path, baseline=None, allowlist=()) -> cp.Report:
    "The checker's report for `pkg`."
    return cp.check(pkg, baseline or {}, set(allowlist))


def test_clean():
    with tempfile.TemporaryDirectory() as d:
        rep = run(make(Path(d), CLEAN))
        assert rep.violations == [] and rep.hints == [], rep
        assert rep.line_counts["pkg/c.py"] == 0 and "pkg/_modidx.py" not in rep.line_counts


def test_private_import():
    with tempfile.TemporaryDirectory() as d:
        a = "from .core import x, _private\ndef f():\n    from pkg.core import _private\n"
        pkg = make(Path(d), {**CLEAN, "a.py": a, "b.py": "from .a import x\n"})
        rep = run(pkg)
        assert rep.violations == ["private import: pkg/a.py:1 imports _private from pkg.core (make it public in "
                                  "pkg.core, or move the code)",
                                  "private import: pkg/a.py:3 imports _private from pkg.core (make it public in "
                                  "pkg.core, or move the code)"], rep.violations
        rep = run(pkg, allowlist={("a", "_private")})
        assert rep.violations == [] and rep.hints == [], rep
        rep = run(pkg, allowlist={("a", "_private"), ("c", "_gone")})
        assert rep.violations == [], rep
        assert rep.hints == ["allowlist: 'c: _gone' is no longer imported; remove it from the allowlist"], rep.hints
        (pkg / "core.py").write_text("_private = 1\ndef f():\n    return _private\nfrom .core import _private\n")
        assert run(pkg, allowlist={("a", "_private")}).violations == []   # importing from itself is not across modules


def test_cycle():
    with tempfile.TemporaryDirectory() as d:
        pkg = make(Path(d), {**CLEAN, "a.py": "from .b import late\n", "b.py": "from .c import z\ndef late(): pass\n",
                             "c.py": "import os\nimport pkg.a\nz = 3\n"})
        rep = run(pkg)
        assert rep.violations == ["import cycle: pkg.a -> pkg.b -> pkg.c -> pkg.a (module-level imports at pkg/a.py:1, "
                                  "pkg/b.py:1, pkg/c.py:2; import inside the function that needs it to break it)"], rep
        # a two-module cycle through `from . import name`, and a TYPE_CHECKING import that is no cycle
        c = "from typing import TYPE_CHECKING\nif TYPE_CHECKING: from .b import late\nz = 3\n"
        pkg = make(Path(d), {**CLEAN, "c.py": c, "b.py": "from .a import *\nfrom .c import z\n",
                             "core.py": "from . import a\nx = 1\n"})
        rep = run(pkg)
        assert rep.violations == ["import cycle: pkg.a -> pkg.core -> pkg.a (module-level imports at pkg/a.py:1, "
                                  "pkg/core.py:1; import inside the function that needs it to break it)"], rep
        # an import in a class body or try block runs at import time and counts
        pkg = make(Path(d), {**CLEAN, "core.py": "x = 1\ntry:\n    from .c import z\nexcept ImportError: pass\n",
                             "c.py": "class K:\n    from .core import x\nz = 3\n"})
        assert [v.split(" (")[0] for v in run(pkg).violations] == ["import cycle: pkg.c -> pkg.core -> pkg.c"]


def test_line_length():
    with tempfile.TemporaryDirectory() as d:
        pkg = make(Path(d), {**CLEAN, "a.py": CLEAN["a.py"] + "s = '" + "x" * 120 + "'\n" + "é" * 116 + " = 1\n"})
        rep = run(pkg)
        assert rep.violations == ["line length: pkg/a.py has 1 lines over 120 characters, baseline 0 (lines 4); "
                                  "wrap the lines you added"], rep.violations      # 120 characters (not bytes) pass
        assert run(pkg, {"pkg/a.py": 1}).violations == []
        rep = run(pkg, {"pkg/a.py": 3, "pkg/gone.py": 2})
        assert rep.violations == [] and len(rep.hints) == 2 and "pkg/a.py is down to 1" in rep.hints[0], rep.hints
        assert "pkg/gone.py is in the baseline but not in the package" in rep.hints[1], rep.hints
        # nbdev's generated __all__ (wrapped by nbdev, not by us) is not counted; an ordinary list beside it is
        long_all = "__all__ = [" + ", ".join(f"'name_{i:03d}'" for i in range(12)) + ",\n    'z']\n"
        pkg = make(Path(d) / "all", {**CLEAN, "a.py": long_all + "v = [" + "1, " * 50 + "]\n"})
        assert max(map(len, long_all.splitlines())) > 120
        assert run(pkg).violations == ["line length: pkg/a.py has 1 lines over 120 characters, baseline 0 (lines 3); "
                                       "wrap the lines you added"], run(pkg).violations


def test_command_line():
    with tempfile.TemporaryDirectory() as d:
        pkg = make(Path(d), {**CLEAN, "a.py": "from .core import _private\n" + "#" * 130 + "\n"})
        base, allow = Path(d) / "baseline.json", Path(d) / "allow.txt"
        args = ["--package", str(pkg), "--baseline", str(base), "--allowlist", str(allow)]
        def cli(*extra):
            out = io.StringIO()
            with contextlib.redirect_stdout(out): rc = cp.main([*args, *extra])
            return rc, out.getvalue().splitlines()
        rc, lines = cli()
        assert rc == 1 and [l.split(":")[0] for l in lines] == ["FAIL private import", "FAIL line length",
                                                                 "package hygiene"], lines
        allow.write_text("# comment\na: _private  # until the refactor lands\n")
        rc, lines = cli("--update-baseline")
        assert rc == 0 and json.loads(base.read_text()) == {"pkg/a.py": 1}, (rc, lines, base.read_text())
        rc, lines = cli()
        assert rc == 0 and lines[-1].startswith("package hygiene ok"), lines
        allow.write_text("a _private\n")
        try: cli(); raise AssertionError("a malformed allowlist line must fail")
        except SystemExit as e: assert "expected 'module: name'" in str(e), e
        allow.write_text("")
        r = subprocess.run([sys.executable, cp.__file__, *args], capture_output=True, text=True)
        assert r.returncode == 1 and "FAIL private import: pkg/a.py:1 imports _private from pkg.core" in r.stdout, r


if __name__ == "__main__":
    tests = [f for n, f in sorted(globals().items()) if n.startswith("test_") and callable(f)]
    for t in tests: t()
    print(f"package_check: {len(tests)} tests passed")
