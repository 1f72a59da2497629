"""Issue 38: the ~10 us calls (GEMM 1024^3, SDPA 1x8x512x64 bf16), where do_bench's own rounds spread and Timer read
20 % and 6.5 % below the engine's back-to-back window. Three parts, every timer after 0.3 s idle:
1. do_bench and `measure_gapped` (the engine's do_bench loop), 12 interleaved rounds: medians and spread;
2. one profiled pass (torch.profiler, CUPTI) of do_bench's loop: the call's own kernels' time a call beside the events';
3. the host-bound windows, 5 interleaved rounds: Timer 0.2 s and 1 s, `measure_energy` 1 s and 0.2 s, and the same
   chunked loop as `measure_energy` without its NVML sampler thread (1 s), so a difference can be laid to the window's
   length or to the sampler.
    PYTHONPATH=.:benchmarks python probe_small.py OUT.json"""
import json, statistics as st, sys, time
import torch
from triton.testing import do_bench
from torch.utils.benchmark import Timer
from timer_agreement import checked
from ceiling_scout.engine import timing as T
from ceiling_scout.engine.telemetry import measure_energy

dev, out = "cuda", {}
def plain(fn, s):
    "measure_energy's loop without the sampler: chunks of ~10 ms synchronised, wall time per call."
    torch.cuda.synchronize(); t = time.perf_counter(); fn(); torch.cuda.synchronize()
    chunk = max(1, int(0.01 / max(time.perf_counter() - t, 1e-6))); calls = 0; t0 = time.perf_counter()
    while time.perf_counter() - t0 < s:
        for _ in range(chunk): fn()
        calls += chunk; torch.cuda.synchronize()
    return (time.perf_counter() - t0) / calls * 1e3
for name, (op, shape) in {"gemm 1024^3": ("gemm", "1024,1024,1024"), "attention 1x8x512x64": ("attention", "1,8,512,64")}.items():
    w, fn = checked(op, shape, "bf16", {}, dev); res = out[name] = {}
    ways = {"do_bench": lambda: do_bench(fn, warmup=25, rep=100, return_mode="mean"),
            "do_bench_median": lambda: do_bench(fn, warmup=25, rep=100, return_mode="median"),
            "measure_gapped": lambda: T.measure_gapped(fn, dev)["ms"]}
    rows = {k: [] for k in ways}
    for r in range(12):
        for k in list(ways)[r % 3:] + list(ways)[:r % 3]: time.sleep(0.3); rows[k].append(ways[k]())
    res["gapped"] = {k: {"median_ms": st.median(v), "spread": (max(v) - min(v)) / st.median(v), "rounds": v}
                     for k, v in rows.items()}
    cache = torch.empty(64 * 2**20, dtype=torch.int32, device=dev)
    for _ in range(50): cache.zero_(); fn()
    torch.cuda.synchronize()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(200)]
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as p:
        for s, e in ev: cache.zero_(); s.record(); fn(); e.record()
        torch.cuda.synchronize()
    ks = [e for e in p.events() if e.device_type == torch.autograd.DeviceType.CUDA]
    mine = [e for e in ks if not any(x in e.name.lower() for x in ("fill", "memset", "zero"))]
    res["profiled"] = {"events_mean_us": st.mean(s.elapsed_time(e) for s, e in ev) * 1e3,
                       "kernels_per_call": len(mine) / len(ev), "kernel_us_per_call": sum(e.device_time for e in mine) / len(ev),
                       "kernel_names": sorted({e.name[:100] for e in mine})[:6]}
    host = {"timer_0.2": lambda: Timer("fn()", globals={"fn": fn}).blocked_autorange(min_run_time=0.2).mean * 1e3,
            "timer_1": lambda: Timer("fn()", globals={"fn": fn}).blocked_autorange(min_run_time=1.0).mean * 1e3,
            "energy_1": lambda: measure_energy(fn, dev, 1.0).call_ms,
            "energy_0.2": lambda: measure_energy(fn, dev, 0.2).call_ms,
            "plain_1": lambda: plain(fn, 1.0), "plain_0.2": lambda: plain(fn, 0.2)}
    rows = {k: [] for k in host}
    for r in range(5):
        for k in list(host)[r % 6:] + list(host)[:r % 6]: time.sleep(0.3); rows[k].append(host[k]())
    res["host"] = {k: {"median_ms": st.median(v), "spread": (max(v) - min(v)) / st.median(v), "rounds": v} for k, v in rows.items()}
    print(name, {k: f"{v['median_ms'] * 1e3:.2f} us ±{v['spread']:.1%}" for k, v in {**res["gapped"], **res["host"]}.items()},
          res["profiled"], flush=True)
    json.dump(out, open(sys.argv[1], "w"), indent=1)
