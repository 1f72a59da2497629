"""Shared set-up of the test tree: the repository root on sys.path (so the tests use this checkout's package), charts
without a display, one temporary ceiling cache for the session unless CEILING_SCOUT_CACHE names one, and each test's
wall time printed (pytest --durations shows the slowest)."""
import os, sys, tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
os.environ.setdefault("MPLBACKEND", "Agg")
os.environ.setdefault("CEILING_SCOUT_CACHE", tempfile.mkdtemp(prefix="cs-cache-"))
os.environ["PYTHONPATH"] = os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)
