"""Issue 33: why a 200-sample baseline of a ~10-130 µs call in EfficientNet-B0 reads a 95 % CI of 25-155 % (call 2:
five such baselines re-measured for 1 s each). Times four of them as the triage does (fixed 20 + 200, L2 flushed,
events behind the spin hold), with the NVML sampler on and off, three rounds each, and records every sample.
Usage: PYTHONPATH=. python data/raw/h200/issue33_time_2026-11-29/noise_probe.py OUT"""
import json, statistics, sys
import ceiling_scout.ops  # registers the operations
from ceiling_scout.engine.workloads import make_workload
from ceiling_scout.engine.benchmark import run_backend
from ceiling_scout.engine.timing import MeasureConfig
cases = [("conv2d", "32,32,112,112,32,3,3", dict(stride=1, padding=1, groups=32)),
         ("conv2d", "32,96,113,113,96,3,3", dict(stride=2, padding=0, groups=96)),
         ("conv2d", "32,672,14,14,672,5,5", dict(stride=1, padding=2, groups=672)),
         ("elementwise", "301056,14", dict(kind="silu"))]
out = []
for op, shape, kw in cases:
    w = make_workload(op, shape, "bf16", **kw)
    for tel in (True, False, True, False, True, False):
        cfg = MeasureConfig.fixed(20, 200, max_time_s=60.0, energy_s=0, telemetry=tel, warmup_min_s=0.025)
        r = run_backend(w, "cuda", config=cfg)
        m = r.measurement; t = list(m.times_ms)
        top = sorted(range(len(t)), key=lambda i: -t[i])[:8]
        row = {"workload": w.describe(), "telemetry": tel, "mean_us": m.stats.mean_ms * 1e3,
               "median_us": m.stats.median_ms * 1e3, "ci95_rel": m.stats.ci95_rel, "hold_us": m.method.get("hold_us"),
               "host_us": m.method.get("host_us"), "top": [(i, round(t[i] * 1e3, 1)) for i in top], "times_ms": t}
        out.append(row)
        print(f"{w.describe()[:58]:58} tel={tel!s:5} mean {row['mean_us']:7.1f} med {row['median_us']:7.1f} "
              f"ci {row['ci95_rel']:.3f} top {row['top'][:4]}")
json.dump(out, open(f"{sys.argv[1]}/noise_probe.json", "w"))
