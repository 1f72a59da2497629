#!/usr/bin/env bash
# The measurement scripts of issue 9 in their CPU smoke modes: adaptive vs fixed on a tiny K sweep and GEMM verdicts
# with kernel-counter evidence (a note on the CPU); the explorers driven through their widgets (issue 13's GPU script:
# verdicts, a fixed sweep, Stop and Interrupt); the recordings load back through the library's loader, the
# evidence reads back from the report, and a bad argument is one line on stderr with exit status 2.
set -eu
cd "$(dirname "$0")/../.."
export CEILING_SCOUT_CACHE="${CEILING_SCOUT_CACHE:-$(mktemp -d)}"
out=$(mktemp -d)
PYTHONPATH=. python benchmarks/adaptive_vs_fixed.py --smoke --ks 64,128 --out "$out/avf.json" > "$out/avf.log" 2>&1 \
  || { echo "FAIL: adaptive_vs_fixed.py --smoke"; cat "$out/avf.log"; exit 1; }
PYTHONPATH=. python benchmarks/gpu_evidence.py --smoke --out "$out/ev.json" > "$out/ev.log" 2>&1 \
  || { echo "FAIL: gpu_evidence.py --smoke"; cat "$out/ev.log"; exit 1; }
PYTHONPATH=. python benchmarks/gpu_explorer.py --smoke --out "$out/gx.json" > "$out/gx.log" 2>&1 \
  || { echo "FAIL: gpu_explorer.py --smoke"; cat "$out/gx.log"; exit 1; }
PYTHONPATH=. python - "$out" <<'PY'
import sys
from ceiling_scout.reports.recorded import load_recorded
from ceiling_scout.engine.ncu import kernel_evidence_of
out = sys.argv[1]
r = load_recorded(f"{out}/avf.json")
s, pts = r.extra["summary"], r.extra["points"]
assert s["points"] == 2 and len(pts) == 2 and not r.extra["errors"], r.extra
for p in pts:
    assert p["fixed"]["n"] == 200 and p["fixed"]["stop"]["name"] == "fixed", p["fixed"]
    assert p["adaptive"]["stop"]["name"] == "stdrel" and p["adaptive"]["warmup_rule"] == "settle", p["adaptive"]
    assert p["fixed"]["regime_basis"] == "loop length" and p["fixed"]["clock_regime"] == "unknown"
print(f"ok   adaptive_vs_fixed --smoke: 2 points, wall ratio {s['wall_ratio']:.2f} (CPU: no goal)")
e = load_recorded(f"{out}/ev.json")
ev = kernel_evidence_of(e.reports[0])
assert ev is not None and not ev.available and "NVIDIA GPU" in ev.note, ev
print("ok   gpu_evidence --smoke: report carries the evidence note:", ev.note)
g = load_recorded(f"{out}/gx.json")
cases, ks = g.extra["sections"]["explorer"]["cases"], g.extra["sections"]["ksweep"]
assert [c["operation"] for c in cases] == ["gemm", "layernorm"] and all(c["ok"] and not c["errors_shown"] for c in cases)
assert all(c["roofline"]["json_ok"] and c["roofline"]["y_title"] == "throughput (GFLOP/s)" for c in cases), cases
assert ks["fixed"]["library_k"] == [32, 64, 96] and ks["fixed"]["table_rows"] == 3, ks["fixed"]
for how in ("Stop", "Interrupt"):
    assert ks[how]["third_point_started"] and not ks[how]["thread_alive"] and 2 <= ks[how]["points_kept"] <= 3, ks[how]
print(f"ok   gpu_explorer --smoke: {len(cases)} verdicts, fixed sweep of 3 points, Stop kept "
      f"{ks['Stop']['points_kept']} and Interrupt {ks['Interrupt']['points_kept']} of 40")
PY
if PYTHONPATH=. python benchmarks/adaptive_vs_fixed.py --smoke --stop nope --out "$out/x.json" 2> "$out/e.txt"; then
  echo "FAIL: --stop nope should fail"; exit 1; fi
[ "$(wc -l < "$out/e.txt")" -eq 1 ] && grep -q "stop must be an adaptive criterion" "$out/e.txt" \
  || { echo "FAIL: expected one line"; cat "$out/e.txt"; exit 1; }
echo "ok   one-line error: $(cat "$out/e.txt")"
python -m ceiling_scout --operation gemm --shape 64,64,64 --precision fp32 --device cpu --stop stdrel --max-time 2 \
  --json > "$out/stop.json" || { echo "FAIL: --stop stdrel"; exit 1; }
python -c "import json, sys; r = json.load(open(sys.argv[1])); m = r['method']; \
assert m['stop']['name'] == 'stdrel' and m['regime_basis'] == 'loop length', m; print('ok   CLI --stop stdrel:', \
m['stopped_because'])" "$out/stop.json"
echo "measure scripts checks passed"
