"""Does the host's launch overhead leak into short timed calls, and does the spin-kernel hold (measure(hold_us=...)) remove it?

Two probes, written to one JSON with provenance ($OUT/gpu_hold_probe.json):
- SDPA at the seeds' small shape (B=1, H=8, S=512, D=64, bf16; causal and not): the default dispatch and each explicitly
  selected backend (`sdpa_kernel(...)` around the call), timed with the hold (default) and without (hold_us=0), L2 flushed as
  the workload asks; 5 interleaved rounds.
- GEMMs of 2048^3 and 4096^3 bf16: the engine with and without the hold against triton.testing.do_bench, 5 interleaved rounds.

    PYTHONPATH=. python3 benchmarks/gpu_hold_probe.py
"""
import json, os, statistics as st, subprocess, datetime as dt, sys
import torch
from ceiling_scout.core import capture_environment
from ceiling_scout.measure import measure
from ceiling_scout.workloads import make_workload, wants_l2_flush

def log(*a): print(*a, flush=True)
out_path = os.path.join(os.environ.get("OUT", "."), "gpu_hold_probe.json")
dev = torch.device("cuda")
res = {"provenance": {"command": " ".join(["python3"] + sys.argv), "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                      "script": "benchmarks/gpu_hold_probe.py", "environment": capture_environment("cuda").to_dict(),
                      "nvidia_smi": subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm,power.limit", "--format=csv"],
                                                   capture_output=True, text=True).stdout},
       "attention": [], "gemm": []}
def save(): json.dump(res, open(out_path, "w"), indent=1, default=str)

for causal in (False, True):
    w = make_workload("attention", "1,8,512,64", "bf16", causal=causal)
    x = w.make_inputs(dev, seed=1); flush = wants_l2_flush(w, dev)
    bes = w.backends(dev)
    rows = {name: {"hold": [], "no_hold": [], "timer": None} for name in bes}
    for rnd in range(5):
        for name, be in bes.items():
            fn = lambda be=be: be.fn(x)
            try:
                for key, h in (("hold", 100.0), ("no_hold", 0.0)):
                    m = measure(fn, dev, warmup=20, iters=200, flush_l2=flush, hold_us=h)
                    rows[name][key].append(m.stats.mean_ms); rows[name]["timer"] = m.method["timer"]
            except Exception as e: rows[name]["error"] = f"{type(e).__name__}: {e}"[:300]
    summary = {n: {"hold_ms": st.median(r["hold"]) if r["hold"] else None, "no_hold_ms": st.median(r["no_hold"]) if r["no_hold"] else None,
                   "timer": r["timer"], "error": r.get("error"), "rounds": r} for n, r in rows.items()}
    res["attention"].append({"shape": w.shape, "causal": causal, "flush": flush, "backends": summary}); save()
    log(f"attention 1,8,512,64 causal={causal} (flush={flush})")
    for n, s in summary.items(): log(f"  {n:<16} hold {s['hold_ms'] and s['hold_ms']*1e3:8.2f} us   no hold {s['no_hold_ms'] and s['no_hold_ms']*1e3:8.2f} us   {s['timer']} {s['error'] or ''}")

from triton.testing import do_bench
for n in (2048, 4096):
    w = make_workload("gemm", (n, n, n), "bf16"); x = w.make_inputs(dev, seed=2); fn = lambda: torch.matmul(x["a"], x["b"])
    flush = wants_l2_flush(w, dev); r = {"hold": [], "no_hold": [], "do_bench": []}
    for rnd in range(5):
        r["hold"].append(measure(fn, dev, flush_l2=flush).stats.mean_ms)
        r["no_hold"].append(measure(fn, dev, flush_l2=flush, hold_us=0).stats.mean_ms)
        r["do_bench"].append(do_bench(fn, warmup=25, rep=100, return_mode="mean"))
    s = {k: st.median(v) for k, v in r.items()}
    row = {"shape": [n, n, n], "flush": flush, **{f"{k}_ms": v for k, v in s.items()},
           "hold_vs_do_bench": s["hold"] / s["do_bench"] - 1, "no_hold_vs_do_bench": s["no_hold"] / s["do_bench"] - 1, "rounds": r}
    res["gemm"].append(row); save()
    log(f"gemm {n}^3 bf16: hold {s['hold']*1e3:.2f} us ({row['hold_vs_do_bench']:+.2%} vs do_bench), no hold {s['no_hold']*1e3:.2f} us ({row['no_hold_vs_do_bench']:+.2%}), do_bench {s['do_bench']*1e3:.2f} us")
log("wrote", out_path)
