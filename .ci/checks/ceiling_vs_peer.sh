#!/usr/bin/env bash
# The ceiling-vs-peer benchmark (issue 9) on the CPU: its --smoke run writes a loadable recording with both cold
# searches, never touches the user's ceiling cache, and the peer's result block parses.
set -eu
export CEILING_SCOUT_CACHE="$(mktemp -d)"
out=$(mktemp -d)
python benchmarks/ceiling_vs_peer.py --smoke --out "$out/cvp.json" > "$out/log.txt" 2>&1 || { cat "$out/log.txt"; exit 1; }
python - "$out/cvp.json" <<'PY'
import json, sys
sys.path.insert(0, "benchmarks")
from ceiling_vs_peer import parse_peer
from ceiling_scout.reports.recorded import recorded_from_dict
d = json.load(open(sys.argv[1])); rec = recorded_from_dict(d)
s = d["extra"]["sections"]["fp32"]
assert s["ours_cold1"]["tflops"] > 0 and s["ours_cold2"]["tflops"] > 0 and "skipped" in s["peer"], s
assert {"fp32/burst/cold1", "fp32/burst/cold2"} <= set(rec.ceilings), rec.ceilings
text = ("warmup\r     1 | 700.1(mean) 701.0(median) 710.0(max) @ 2048x2048x8192 | best: ...\n\n"
        "Tried 18 shapes => the best outcomes were:\nmean:   790.2 TFLOPS @ 2048x2048x13312 (MxNxK)\n"
        "median: 798.0 TFLOPS @ 2048x2048x13312 (MxNxK)\nmax:    810.5 TFLOPS @ 4096x2048x13312 (MxNxK)\n\n"
        "Elapsed time: 0:00:40\n")
got = parse_peer(text)
assert got["median"] == (798.0, "2048x2048x13312") and got["max"][0] == 810.5 and got["elapsed"] == "0:00:40", got
print("ceiling_vs_peer smoke ok:", s["ours_cold1"]["shape"], s["ours_cold2"]["shape"])
PY
test -z "$(ls -A "$CEILING_SCOUT_CACHE")" || { echo "FAIL: the smoke run wrote into the ceiling cache"; exit 1; }
