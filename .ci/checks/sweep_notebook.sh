#!/usr/bin/env bash
# papermill sweep notebook, headless: a live CPU K sweep on small parameters and the recorded-H100 path; both reports are checked for content.
set -eu
out=$(mktemp -d)
papermill nbs/sweep.ipynb "$out/sweep_cpu.ipynb" -p device cpu -p m 128 -p n 128 -p k_list "128,256,384" -p warmup 2 -p iters 20 \
  -p output_dir "$out/reports" -p name ci_sweep_cpu -k python3 --log-level WARNING
python scripts/check_sweep_report.py "$out/reports/ci_sweep_cpu.json" --points 3 --iters 20
test -s "$out/reports/ci_sweep_cpu.html" && ! grep -q "In \[" "$out/reports/ci_sweep_cpu.html"
papermill nbs/sweep.ipynb "$out/sweep_h100.ipynb" -p device h100 -p output_dir "$out/reports" -p name ci_sweep_h100 -k python3 --log-level WARNING
python scripts/check_sweep_report.py "$out/reports/ci_sweep_h100.json" --recorded
grep -q "recorded on" "$out/reports/ci_sweep_h100.html"
