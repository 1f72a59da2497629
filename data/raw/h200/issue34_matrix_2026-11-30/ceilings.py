"""Issue 34, the matrix of 2026-11-30: this GPU's measured ceilings put in the lane's cache before its first case, as a
user's first run on a machine would (bf16, fp32 and the copy bandwidth; burst and sustained), each timed, so that no
verdict's seconds hold the one-off ceiling search.
    CEILING_SCOUT_CACHE=DIR PYTHONPATH=. python ceilings.py CACHE.json OUT.json"""
import json, sys, time
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig

scout = CeilingScout(ScoutConfig("cuda", MeasureConfig.fixed(5, 50), cache=sys.argv[1]))
out = {}
for prec in ("bf16", "fp32", None):
    for regime in ("burst", "sustained"):
        t0 = time.perf_counter()
        try: c = scout.ceiling(prec, regime); what = {"measured_peak_tflops": getattr(c, "measured_peak_tflops", None),
                                                      "measured_bandwidth_gbps": getattr(c, "measured_bandwidth_gbps", None)}
        except Exception as e: what = {"error": f"{type(e).__name__}: {e}"[:300]}
        out[f"{prec}/{regime}"] = {"seconds": round(time.perf_counter() - t0, 1), **what}
        print(prec, regime, out[f"{prec}/{regime}"], flush=True)
json.dump(out, open(sys.argv[2], "w"), indent=1)
