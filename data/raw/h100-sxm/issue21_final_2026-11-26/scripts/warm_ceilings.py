"""Measure every ceiling a model triage asks for (bf16, fp32, memory; burst and sustained) into the cache first."""
import time
from ceiling_scout.engine.scout import CeilingScout
s = CeilingScout("cuda")
for p in ("bf16", "fp32", None):
    for r in ("burst", "sustained"):
        t0 = time.perf_counter(); c = s.ceiling(p, r)
        print(p, r, c.measured_peak_tflops, getattr(c, "bandwidth_gbps", None), f"{time.perf_counter() - t0:.1f} s",
              flush=True)
