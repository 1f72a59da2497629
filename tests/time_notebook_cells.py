#!/usr/bin/env python
"""Time every code cell of notebooks the way nbdev_test runs them (in the notebook's folder; cells flagged with a
tst_flags flag such as gpu or slow, or `eval: false`, skipped), and print the slowest: which cells to flag `#| slow`.

python tests/time_notebook_cells.py nbs/16_sweep_report.ipynb [more.ipynb ...] [--top 10]"""
import argparse, os, re, time
from pathlib import Path

SKIP_FLAGS = {"gpu", "slow"}   # settings.ini's tst_flags: skipped unless nbdev_test --flags names them


def directives(src: str) -> set[str]:
    "The `#| ...` words at the top of a cell, e.g. {'export', 'slow', 'eval: false'}."
    out = set()
    for line in src.splitlines():
        m = re.match(r"\s*#\|\s*(.*)", line)
        if not m: break
        out |= {m.group(1).strip()} | set(m.group(1).split())
    return out


def time_cells(nb: Path) -> list[tuple[float, int, str]]:
    "(seconds, cell index, first line) for each code cell that ran; raises on a failing cell."
    from execnb.nbio import read_nb
    from execnb.shell import CaptureShell
    cwd = os.getcwd(); os.chdir(nb.parent)
    try:
        sh, out = CaptureShell(), []
        for i, c in enumerate(read_nb(nb).cells):
            if c.cell_type != "code": continue
            d = directives(c.source)
            if d & SKIP_FLAGS or "eval: false" in d: continue
            t0 = time.perf_counter()
            sh.run(c.source)
            if sh.exc: raise RuntimeError(f"{nb.name} cell {i}: {sh.exc!r}")
            first = next((l for l in c.source.splitlines() if not l.startswith("#|")), "")
            out.append((time.perf_counter() - t0, i, first[:90]))
        return out
    finally: os.chdir(cwd)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="+", type=Path); ap.add_argument("--top", type=int, default=8)
    a = ap.parse_args()
    for nb in a.notebooks:
        t0 = time.perf_counter(); cells = time_cells(nb.resolve())
        print(f"{nb}: {time.perf_counter() - t0:.1f} s in {len(cells)} cells; slowest:")
        for s, i, first in sorted(cells, reverse=True)[:a.top]: print(f"  {s:6.1f} s  cell {i}: {first}")


if __name__ == "__main__": main()
