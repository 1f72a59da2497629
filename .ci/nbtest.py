"""Every notebook's tests, as `nbdev_test` runs them (its `test_nb`, the skip flags of settings.ini), but each notebook
in a fresh process: nbdev_test reuses its worker processes, so a notebook that `@patch`es a package class (nb 10 patches
`CeilingScout.k_dimension_sweep` with its own cell's function) changes that class for whichever notebook runs next in
the same worker, and the outcome depended on how notebooks were dealt to workers.

    python .ci/nbtest.py [--n_workers N] [--timing] [NOTEBOOK ...]
"""
from __future__ import annotations
import argparse, multiprocessing as mp, os, sys, time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _one(fn: str, skip_flags: list[str], basepath: str) -> tuple[str, bool, float]:
    "One notebook's tests in this (fresh) process: (name, passed, seconds)."
    from nbdev.test import test_nb
    ok, secs = test_nb(Path(fn), skip_flags=skip_flags, basepath=basepath)
    return fn, ok, secs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("notebooks", nargs="*", help="notebooks to test (default: every nbs/*.ipynb)")
    ap.add_argument("--n_workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timing", action="store_true", help="print each notebook's seconds, slowest first")
    a = ap.parse_args(argv)
    from nbdev.config import get_config
    cfg = get_config()
    nbs = Path(cfg.nbs_path)
    files = [Path(f).absolute() for f in a.notebooks] or sorted(p.absolute() for p in nbs.glob("*.ipynb")
                                                                 if not p.name.startswith(("_", ".")))
    if not files: print("no notebooks to test"); return 1
    skip, t0 = cfg.tst_flags.split(), time.time()
    # one task per process (spawned): no class patched by one notebook is seen by the next
    with ProcessPoolExecutor(max(1, a.n_workers), mp_context=mp.get_context("spawn"), max_tasks_per_child=1) as ex:
        results = list(ex.map(_one, map(str, files), [skip] * len(files), [str(cfg.config_path)] * len(files)))
    failed = [Path(f).name for f, ok, _ in results if not ok]
    if a.timing:
        for f, _, s in sorted(results, key=lambda r: -r[2]): print(f"{Path(f).name}: {int(s)} secs")
    if failed:
        sys.stderr.write("\nnotebook tests failed:\n\t" + "\n\t".join(failed) + "\n"); return 1
    print(f"Success: {len(files)} notebooks in {time.time() - t0:.0f} s.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
