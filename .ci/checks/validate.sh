#!/usr/bin/env bash
# Custom-kernel validation through the CLI on the CPU: the shipped example kernels get their verdicts (FAIL for each
# broken one, never timed), the compiled C++ operator where a compiler is available, and every bad input is a one-line
# error (exit 2) or a FAIL verdict, never a traceback or a hang.
set -eu
export CEILING_SCOUT_CACHE="${CEILING_SCOUT_CACHE:-$(mktemp -d)}"
out=$(mktemp -d)
cs() { python -m ceiling_scout --operation gemm --shape 64,64,64 --precision fp32 --device cpu --warmup 1 --iters 5 --quiet "$@"; }
no_trace() { ! grep -q "Traceback" "$1" || { echo "FAIL: traceback in $1"; cat "$1"; exit 1; }; }
expect() {  # expect VERDICT KERNEL [flags...]: the run prints 'Verdict: VERDICT'
  local want=$1 k=$2; shift 2
  cs --custom-kernel "$k" "$@" > "$out/run.txt" 2>&1 || { echo "FAIL: $k exited $?"; cat "$out/run.txt"; exit 1; }
  no_trace "$out/run.txt"
  grep -Eq "^Verdict: ($want)$" "$out/run.txt" || { echo "FAIL: $k: expected $want"; cat "$out/run.txt"; exit 1; }
  echo "ok   $k -> $(grep '^Verdict:' "$out/run.txt")"
}
one_line() {  # one_line MESSAGE ARGS...: exit 2 and exactly one line on stderr holding MESSAGE
  local msg=$1; shift
  if cs "$@" > "$out/o.txt" 2> "$out/e.txt"; then echo "FAIL: $* should fail"; exit 1; fi
  [ "$(wc -l < "$out/e.txt")" -eq 1 ] && grep -qF -- "$msg" "$out/e.txt" || { echo "FAIL: $*: expected one line with: $msg"; cat "$out/e.txt"; exit 1; }
  echo "ok   one-line error: $(cat "$out/e.txt")"
}
K=examples/kernels
expect "KEEP|REVERT|TOO_CLOSE_TO_CALL" $K/good_gemm.py:matmul --compare --output "$out/good.json" --targets 2,3,5
grep -q '"kind": "custom_kernel_validation"' "$out/good.json" && grep -q "=== Targets over" "$out/run.txt"
expect "PASS" $K/good_gemm.py:matmul
for f in wrong_result constant_output stale_cache overwrites_input aliases_input partial_write racy raises wrong_shape wrong_dtype static_output; do
  expect FAIL $K/broken_gemm.py:$f --compare
  grep -q "=== Speed" "$out/run.txt" && { echo "FAIL: $f was timed"; exit 1; }
done
expect FAIL $K/broken_gemm.py:hangs --kernel-timeout 1
python -m ceiling_scout --operation attention --shape 1,2,64,32 --precision fp32 --device cpu --quiet \
  --custom-kernel $K/attention.py:missing_scale > "$out/attn.txt" 2>&1
grep -q "^Verdict: FAIL" "$out/attn.txt" && echo "ok   attention.py:missing_scale -> FAIL"
one_line "custom kernel file 'nope.py' does not exist" --custom-kernel nope.py:matmul
one_line "has no function 'matmull' (it defines: matmul)" --custom-kernel $K/good_gemm.py:matmull
one_line "compiled extension 'missing.so' does not exist" --custom-kernel missing.so:ns::op
one_line "--compare" --compare
one_line "does not apply to --operation conv2d" --operation conv2d --shape 1,8,8,8,8,3,3 --custom-kernel $K/good_gemm.py:matmul
if why=$(python -c "import runpy; m = runpy.run_path('$K/cpp_gemm.py'); print(m['compiler_missing']() or '')") && [ -z "$why" ]; then
  so=$(python $K/cpp_gemm.py | tail -1)
  expect PASS "$so:cs_examples::matmul"
  one_line "no operator 'cs_examples::nope'" --custom-kernel "$so:cs_examples::nope"
else echo "skipped the compiled operator: $why"; fi
# the papermill notebook, headless: a correct kernel timed and graded (JSON that follows the published schema, HTML
# without code), a broken one FAIL and not timed; both read back by a Dispatcher (the broken one goes to the library)
vk() { papermill nbs/validate_kernel.ipynb "$out/$1.ipynb" -k python3 --log-level WARNING -p output "$out/nb/$1" \
       -p warmup 1 -p iters 6 "${@:2}" > "$out/pm_$1.log" 2>&1 || { echo "FAIL: papermill $1"; tail -20 "$out/pm_$1.log"; exit 1; }; }
vk good -p targets 2,3 -p edges False
vk broken -p candidate $K/broken_gemm.py:wrong_result -p edges False
python - "$out/nb" <<'PY'
import json, sys, warnings
from pathlib import Path
from ceiling_scout.reports.bundle import bundle_problems
from ceiling_scout.modes.dispatcher import Dispatcher, check_validation
d = Path(sys.argv[1])
for name, want in (("good", ("KEEP", "REVERT", "TOO_CLOSE_TO_CALL")), ("broken", ("FAIL",))):
    r = json.loads((d / f"{name}.json").read_text()); check_validation(r, name)
    assert r["verdict"] in want, (name, r["verdict"]); assert not bundle_problems(d / f"{name}.json"), name
    print(f"ok   validate_kernel.ipynb {name}: {r['verdict']}, {len(r['targets'])} tiers, JSON + HTML + notebook")
assert "Not timed: verdict" in (d / "broken.html").read_text()
dsp = Dispatcher(d, device="cpu")
assert not dsp.refused, dsp.refused
print("ok   dispatcher:", dsp.explain("gemm", (64, 64, 64), "fp32").splitlines()[0])
PY
echo "validate checks passed"
