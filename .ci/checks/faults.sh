#!/usr/bin/env bash
# Fault injection (issue 12): full disk, read-only paths, poisoned and truncated caches and reports, concurrent writers,
# huge shapes, SIGINT mid-sweep, a hypothesis fuzz of the CLI arguments; then a wheel installed into a clean virtualenv
# outside the checkout runs the CLI (the spec tables and recordings ship as package data).
set -eu
cd "$(dirname "$0")/../.."
export CEILING_SCOUT_CACHE="${CEILING_SCOUT_CACHE:-$(mktemp -d)}"
python scripts/check_faults.py

work=$(mktemp -d)
python -m pip wheel -q --no-deps --no-build-isolation -w "$work/whl" . >/dev/null
python -m venv --system-site-packages "$work/venv"
"$work/venv/bin/pip" install -q --no-deps "$work"/whl/*.whl
(cd "$work" && env -u PYTHONPATH -u CEILING_SCOUT_DATA "$work/venv/bin/python" -m ceiling_scout --shape 64,64,64 --precision fp32 \
   --device cpu --warmup 1 --iters 5 --quiet --output "$work/r.json" > "$work/out.txt")
grep -q "Efficiency:" "$work/out.txt"
(cd "$work" && env -u PYTHONPATH "$work/venv/bin/python" -c \
  "import ceiling_scout.engine.ceilings as c, ceiling_scout.reports.recorded as r, sys; d = c.data_dir(); assert 'site-packages' not in str(d) and str(d).startswith(sys.prefix), d; assert (d / 'recorded').is_dir(), d")
echo "wheel outside the checkout: CLI ran, data found in the installed share/ceiling_scout/data"
rm -rf "$work"
