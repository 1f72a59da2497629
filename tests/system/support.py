"""Helpers of the system tests: the CLI in this process or in a fresh one, papermill runs, one-line error checks."""
from __future__ import annotations
import os, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NBS = ROOT / "nbs"


def run_cli(*argv: str) -> tuple[int, str, str]:
    "The CLI in this process (no interpreter start-up): (exit status, stdout, stderr)."
    from ceiling_scout.cli import run_cli as run
    return run(*argv)


def proc(*argv, timeout: float = 300, cwd=ROOT, env: dict | None = None, **kw) -> subprocess.CompletedProcess:
    "A fresh process (argv[0] 'python' means this interpreter): captured text output, never raises on exit status."
    argv = [sys.executable if a == "python" and i == 0 else str(a) for i, a in enumerate(argv)]
    return subprocess.run(argv, capture_output=True, text=True, timeout=timeout, cwd=cwd, env=env or os.environ.copy(), **kw)


def cs(*argv, **kw) -> subprocess.CompletedProcess:
    "`python -m ceiling_scout ARGV` in a fresh process."
    return proc("python", "-m", "ceiling_scout", *argv, **kw)


def lines(text: str) -> list[str]:
    return [l for l in text.strip().splitlines() if l.strip()]


def assert_one_line(code: int, err: str, *needles: str, status: int = 2) -> str:
    "The run failed with `status` and wrote exactly one line to stderr holding every needle; that line."
    ls = lines(err)
    assert code == status and len(ls) == 1 and "Traceback" not in err, f"exit {code}, stderr {err[-600:]!r}"
    for n in needles: assert n in ls[0], f"{n!r} not in {ls[0]!r}"
    return ls[0]


def papermill(nb: str, out: Path, timeout: float = 300, **params) -> str | None:
    """Run nbs/`nb` headless into `out` through the papermill command (the notebooks find their executed copy on its
    command line); str values pass raw (-r), others typed (-p). None when it ran to the end, else its stderr."""
    args = []
    for k, v in params.items(): args += ["-r" if isinstance(v, str) else "-p", k, str(v)]
    p = proc("python", "-m", "papermill", NBS / nb, out, *args, "-k", "python3", "--log-level", "WARNING",
             timeout=timeout)
    return None if p.returncode == 0 else f"exit {p.returncode}\n{p.stderr[-4000:]}"


def no_code_in_html(path: Path) -> bool:
    "An HTML report exported without code cells shows no 'In [n]' prompts."
    return path.stat().st_size > 0 and "In [" not in path.read_text()
