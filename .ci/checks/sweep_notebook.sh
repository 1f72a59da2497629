#!/usr/bin/env bash
# papermill sweep notebook, headless: a live CPU K sweep on small parameters and the recorded-H100 path (as asked, and asked for K values and
# counts the recording does not have); every report is checked for content. Devices with nothing to run on must stop with a message that says why.
set -eu
out=$(mktemp -d)
pm() { papermill nbs/sweep.ipynb "$@" -k python3 --log-level WARNING; }

pm "$out/sweep_cpu.ipynb" -p device cpu -p m 128 -p n 128 -p k_list "128,256,384" -p warmup 2 -p iters 20 -p output_dir "$out/reports" -p name ci_sweep_cpu
python scripts/check_sweep_report.py "$out/reports/ci_sweep_cpu.json" --points 3 --iters 20 --warns
test -s "$out/reports/ci_sweep_cpu.html" && ! grep -q "In \[" "$out/reports/ci_sweep_cpu.html"

pm "$out/sweep_h100.ipynb" -p device h100 -p output_dir "$out/reports" -p name ci_sweep_h100
python scripts/check_sweep_report.py "$out/reports/ci_sweep_h100.json" --recorded --warns
grep -q "recorded on" "$out/reports/ci_sweep_h100.html"

pm "$out/sweep_h100_asked.ipynb" -p device h100 -p k_list "1024,2048" -p iters 50 -p output_dir "$out/reports" -p name ci_sweep_h100_asked
python scripts/check_sweep_report.py "$out/reports/ci_sweep_h100_asked.json" --recorded --warns ks iters

# must_stop NAME MESSAGE... : the run fails (non-zero) and its log holds every MESSAGE
must_stop() {
  local dev=$1; shift
  if pm "$out/sweep_$dev.ipynb" -p device "$dev" -p output_dir "$out/reports" > "$out/$dev.log" 2>&1; then
    echo "FAIL: -p device $dev should stop with an error"; exit 1
  fi
  for msg in "$@"; do
    grep -qF -- "$msg" "$out/$dev.log" || { echo "FAIL: -p device $dev: message not found: $msg"; tail -20 "$out/$dev.log"; exit 1; }
  done
}
must_stop a100 "NoRecordedDataError: no recorded measurements for 'a100'" "recorded devices: h100-sxm" "or use device='cpu'"
if python -c "import sys, torch; sys.exit(torch.cuda.is_available())"; then   # no GPU here: 'cuda' must say so, not 'unknown GPU'
  must_stop cuda "no CUDA GPU is present; use device='cpu'" "a recorded device key (h100-sxm"
  ! grep -q "unknown GPU" "$out/cuda.log"
fi
echo "sweep notebook checks passed"
