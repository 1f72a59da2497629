"""Issue 38: where the 3 % between do_bench and the engine's do_bench-style window (measure_gapped) at 4096^3 bf16
comes from. Alternates, after 0.3 s idle each, 8 rounds: do_bench; measure_gapped; a hand-written do_bench loop flushing
with an int32 buffer (do_bench's) and with an int8 one (the engine's). Then one profiled pass of each (torch.profiler,
CUPTI): the GEMM kernel's own mean duration beside the events' mean, and the flush kernel's.
    PYTHONPATH=. python probe38.py OUT.json"""
import inspect, json, statistics as st, sys, time
import torch, triton
from triton.testing import do_bench
from ceiling_scout.engine import timing as T

dev = torch.device("cuda"); out = {"triton": triton.__version__, "do_bench_source": inspect.getsource(do_bench)}
def hand(fn, dtype, rep_ms=100, warm_ms=25):
    cache = torch.empty(int(256e6) // torch.tensor([], dtype=dtype).element_size(), dtype=dtype, device=dev)
    fn(); torch.cuda.synchronize(); time.sleep(T.GAP_IDLE_S)
    s0, e0 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s0.record()
    for _ in range(5): cache.zero_(); fn()
    e0.record(); torch.cuda.synchronize(); est = s0.elapsed_time(e0) / 5
    for _ in range(max(1, int(warm_ms / est))): fn()
    ev = [(torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)) for _ in range(max(1, int(rep_ms / est)))]
    for s, e in ev: cache.zero_(); s.record(); fn(); e.record()
    torch.cuda.synchronize(); return st.mean(s.elapsed_time(e) for s, e in ev)
for shape in [(4096, 4096, 4096), (2048, 2048, 2048)]:
    m, n, k = shape
    a, b = torch.randn(m, k, device=dev, dtype=torch.bfloat16), torch.randn(k, n, device=dev, dtype=torch.bfloat16)
    fn = lambda: torch.matmul(a, b)
    ref = a.double() @ b.double(); assert (fn().double() - ref).abs().max() / ref.abs().max() < 1e-2
    def db(): time.sleep(T.GAP_IDLE_S); return do_bench(fn, warmup=25, rep=100)
    ways = {"do_bench": db, "measure_gapped": lambda: T.measure_gapped(fn, dev)["ms"],
            "hand_int32": lambda: hand(fn, torch.int32), "hand_int8": lambda: hand(fn, torch.int8)}
    rows = {w: [] for w in ways}
    for r in range(8):
        for w in (list(ways)[r % 4:] + list(ways)[:r % 4]): rows[w].append(ways[w]())
    med = {w: st.median(v) for w, v in rows.items()}
    prof = {}
    for w, f in ways.items():
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as p: ev_ms = f()
        ks = [e for e in p.events() if e.device_type == torch.autograd.DeviceType.CUDA]
        gemm = [e.device_time for e in ks if "gemm" in e.name.lower() or "sm90" in e.name.lower() or "cutlass" in e.name.lower()]
        fill = [e.device_time for e in ks if "fill" in e.name.lower() or "memset" in e.name.lower()]
        names = sorted({e.name[:90] for e in ks})
        prof[w] = {"events_mean_ms": ev_ms, "gemm_kernel_mean_us": st.mean(gemm) if gemm else None, "gemm_n": len(gemm),
                   "fill_kernel_mean_us": st.mean(fill) if fill else None, "fill_n": len(fill), "kernels": names[:8]}
    key = "x".join(map(str, shape))
    out[key] = {"rounds_ms": rows, "median_ms": med, "vs_do_bench": {w: v / med["do_bench"] - 1 for w, v in med.items()},
                "profiled": prof}
    print(shape, {w: f"{v * 1e3:.2f} us ({v / med['do_bench'] - 1:+.2%})" for w, v in med.items()}, flush=True)
    for w, x in prof.items(): print("  ", w, {k: x[k] for k in ("events_mean_ms", "gemm_kernel_mean_us", "gemm_n", "fill_kernel_mean_us")}, flush=True)
    json.dump(out, open(sys.argv[1], "w"), indent=1)
