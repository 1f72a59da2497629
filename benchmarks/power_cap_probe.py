"""Probe of the H100 power cap (issue 9): per-call times and the NVML trace (5 ms) of fp16 8192x8192xK GEMMs run back
to back for 3-4 s after a pause (3 s cold, 0.15 s as between the points of a sweep, none), to see how the clock reaches
the cap and how it cycles there. Not a benchmark with a goal: its JSON is evidence for the warm-up and window rules of
`ceiling_scout.engine.timing` (nbs/01_timing.ipynb). GPU only, about 30 s:

    PYTHONPATH=. python3 benchmarks/power_cap_probe.py $OUT/power_cap_probe.json
"""
import json, os, sys, time, torch
sys.path.insert(0, os.getcwd())
from ceiling_scout.engine.timing import TelemetrySampler
out = sys.argv[1]; res = []
dev = torch.device("cuda")
def run(K, gap_s, dur_s, tag):
    a = torch.randn(8192, K, device=dev, dtype=torch.float16); b = torch.randn(K, 8192, device=dev, dtype=torch.float16)
    for _ in range(2): a @ b
    torch.cuda.synchronize(); time.sleep(gap_s)
    samp = TelemetrySampler(dev, period_s=0.005).start()
    t0 = time.perf_counter(); ev = []
    n_est = int(dur_s / (2 * 8192 * 8192 * K / 650e12)) + 1
    for _ in range(n_est):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); a @ b; e.record(); ev.append((s, e))
    start_ev = ev[0][0]
    torch.cuda.synchronize(); t1 = time.perf_counter()
    samp.stop()
    times = [s.elapsed_time(e) for s, e in ev]
    starts = [start_ev.elapsed_time(s) / 1e3 for s, e in ev]
    res.append({"K": K, "gap_s": gap_s, "tag": tag, "times_ms": times, "starts_s": starts, "host_s": t1 - t0,
                "trace": samp.trace})
    del a, b; torch.cuda.empty_cache()
    print(tag, K, gap_s, len(times), sum(times) / len(times), flush=True)
run(65536, 3.0, 4.0, "cold")
for K in (65536, 147456, 262144): run(K, 0.15, 3.0, "sweep-gap")
run(114688, 0.15, 3.0, "sweep-gap"); run(114688, 0.0, 3.0, "no-gap")
json.dump(res, open(out, "w"))
