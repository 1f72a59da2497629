"""Issue 25 probe: NVML energy counter resolution, heat-up to the power cap, per-clock efficiency at the cap."""
import json, os, sys, time, threading, statistics, math
import torch, pynvml
OUT = os.environ.get("OUT", "/tmp"); dev = torch.device("cuda")
pynvml.nvmlInit(); h = pynvml.nvmlDeviceGetHandleByIndex(0)
res = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "cuda": torch.version.cuda,
       "driver": pynvml.nvmlSystemGetDriverVersion(), "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
       "power_limit_w": pynvml.nvmlDeviceGetEnforcedPowerLimit(h) / 1000,
       "max_sm_mhz": pynvml.nvmlDeviceGetMaxClockInfo(h, pynvml.NVML_CLOCK_SM),
       "sm_count": torch.cuda.get_device_properties(0).multi_processor_count, "runs": []}
reasons = getattr(pynvml, "nvmlDeviceGetCurrentClocksEventReasons", None) or pynvml.nvmlDeviceGetCurrentClocksThrottleReasons
def energy_mj(): return pynvml.nvmlDeviceGetTotalEnergyConsumption(h)
class Sampler:
    def __init__(s): s.rows, s.stop_ = [], threading.Event()
    def loop(s):
        while not s.stop_.is_set():
            s.rows.append({"t": time.perf_counter(), "sm": pynvml.nvmlDeviceGetClockInfo(h, pynvml.NVML_CLOCK_SM),
                           "r": reasons(h), "p": pynvml.nvmlDeviceGetPowerUsage(h) / 1000, "e": energy_mj(),
                           "temp": pynvml.nvmlDeviceGetTemperature(h, 0)})
            s.stop_.wait(0.005)
    def __enter__(s): s.th = threading.Thread(target=s.loop, daemon=True); s.th.start(); return s
    def __exit__(s, *a): s.stop_.set(); s.th.join()
# 1. energy counter update interval
a = torch.randn(8192, 8192, device=dev, dtype=torch.bfloat16); b = torch.randn_like(a)
with Sampler() as smp:
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < 1.0:
        for _ in range(10): a @ b
        torch.cuda.synchronize()
es = smp.rows; ch = [es[i]["t"] for i in range(1, len(es)) if es[i]["e"] != es[i-1]["e"]]
res["energy_counter"] = {"samples": len(es), "changes": len(ch),
                         "median_update_ms": statistics.median([(ch[i]-ch[i-1])*1e3 for i in range(1, len(ch))]) if len(ch) > 2 else None,
                         "sample_ms": statistics.median([(es[i]["t"]-es[i-1]["t"])*1e3 for i in range(1, len(es))])}
pw_t = [es[i]["t"] for i in range(1, len(es)) if es[i]["p"] != es[i-1]["p"]]
res["power_reading_update_ms"] = statistics.median([(pw_t[i]-pw_t[i-1])*1e3 for i in range(1, len(pw_t))]) if len(pw_t) > 2 else None
del a, b
def mk(prec, M, N, K):
    if prec == "fp8":
        A = torch.randn(M, K, device=dev).to(torch.float8_e4m3fn); B = torch.randn(N, K, device=dev).to(torch.float8_e4m3fn).t()
        one = torch.ones((), device=dev)
        return lambda: torch._scaled_mm(A, B, scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
    dt = {"bf16": torch.bfloat16, "fp16": torch.float16}[prec]
    A = torch.randn(M, K, device=dev, dtype=dt); B = torch.randn(K, N, device=dev, dtype=dt)
    return lambda: A @ B
def run(name, fn, flops=None, nbytes=None, seconds=3.0, idle=1.0):
    time.sleep(idle); fn(); torch.cuda.synchronize()
    t0 = time.perf_counter(); n = 0
    ev = []
    with Sampler() as smp:
        while time.perf_counter() - t0 < seconds:
            s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
            s.record()
            for _ in range(5): fn()
            e.record(); ev.append((s, e, time.perf_counter())); n += 5
            if len(ev) % 20 == 0: torch.cuda.synchronize()
        torch.cuda.synchronize(); t1 = time.perf_counter()
    ms = [s.elapsed_time(e) / 5 for s, e, _ in ev]
    rows = smp.rows; half = t0 + seconds / 3
    def stats(rs, t_from, calls_ms):
        busy = [r for r in rs if r["t"] >= t_from]
        ej = (busy[-1]["e"] - busy[0]["e"]) / 1e3; dt_ = busy[-1]["t"] - busy[0]["t"]
        mean_ms = statistics.fmean(calls_ms)
        d = {"mean_ms": mean_ms, "sm_mhz_mean": statistics.fmean(r["sm"] for r in busy),
             "sm_mhz_min": min(r["sm"] for r in busy), "sm_mhz_max": max(r["sm"] for r in busy),
             "power_w_nvml_median": statistics.median(r["p"] for r in busy),
             "power_w_from_energy": ej / dt_ if dt_ > 0 else None, "cap_share": sum(1 for r in busy if r["r"] & 0x84) / len(busy),
             "temp_max": max(r["temp"] for r in busy), "window_s": dt_,
             "j_per_call": (ej / dt_) * mean_ms / 1e3 if dt_ > 0 else None}
        if flops: d.update(tflops=flops / mean_ms / 1e9, tflop_per_j=flops / 1e12 / d["j_per_call"])
        if nbytes: d.update(gbps=nbytes / mean_ms / 1e6, gb_per_j=nbytes / 1e9 / d["j_per_call"])
        return d
    first = [m for m, (_, _, t) in zip(ms, ev) if t < t0 + 0.25]
    late = [m for m, (_, _, t) in zip(ms, ev) if t >= half]
    out = {"name": name, "calls": n, "burst_0.25s": stats([r for r in rows if r["t"] < t0 + 0.25], t0, first or ms[:3]),
           "late": stats(rows, half, late),
           "trace": [[round(r["t"] - t0, 3), r["sm"], r["r"], round(r["p"], 1), r["temp"]] for r in rows[::10]]}
    res["runs"].append(out); print(name, json.dumps({k: {kk: (round(vv, 3) if isinstance(vv, float) else vv) for kk, vv in v.items()} for k, v in out.items() if k in ("late", "burst_0.25s")}), flush=True)
shapes = [("bf16", 8192, 8192, 8192), ("bf16", 1536, 2816, 16384), ("bf16", 4096, 4096, 4096), ("bf16", 2048, 2048, 13312),
          ("bf16", 8192, 8192, 1024), ("bf16", 8192, 8192, 2048), ("bf16", 8192, 8192, 16384), ("fp16", 8192, 8192, 8192),
          ("fp16", 8192, 8192, 4096), ("bf16", 8191, 8191, 8191), ("bf16", 1024, 1024, 65536), ("bf16", 16384, 16384, 512),
          ("fp8", 8192, 8192, 8192), ("fp8", 4096, 4096, 4096), ("fp8", 4096, 8192, 16384)]
for prec, M, N, K in shapes:
    try:
        fn = mk(prec, M, N, K); run(f"{prec} {M}x{N}x{K}", fn, flops=2.0 * M * N * K); del fn; torch.cuda.empty_cache()
    except Exception as e: res["runs"].append({"name": f"{prec} {M}x{N}x{K}", "error": str(e)[:200]})
# a poor GEMM: batched tiny matmuls (bad tensor-core use) and fp32 FFMA
try:
    A = torch.randn(16384, 64, 64, device=dev, dtype=torch.bfloat16); B = torch.randn_like(A)
    run("bf16 bmm 16384x64x64x64", lambda: torch.bmm(A, B), flops=2.0 * 16384 * 64**3); del A, B
except Exception as e: res["runs"].append({"name": "bmm", "error": str(e)[:200]})
try:
    import triton, triton.language as tl
    @triton.jit
    def mm(a, b, c, M, N, K, BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr):
        pm, pn = tl.program_id(0), tl.program_id(1)
        rm = pm * BM + tl.arange(0, BM); rn = pn * BN + tl.arange(0, BN); rk = tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k in range(0, K, BK):
            x = tl.load(a + rm[:, None] * K + (k + rk)[None, :]); y = tl.load(b + (k + rk)[:, None] * N + rn[None, :])
            acc += tl.dot(x, y)
        tl.store(c + rm[:, None] * N + rn[None, :], acc.to(tl.bfloat16))
    M = N = K = 8192
    A = torch.randn(M, K, device=dev, dtype=torch.bfloat16); B = torch.randn(K, N, device=dev, dtype=torch.bfloat16); C = torch.empty(M, N, device=dev, dtype=torch.bfloat16)
    g = lambda: mm[(M // 64, N // 64)](A, B, C, M, N, K, BM=64, BN=64, BK=32, num_warps=4, num_stages=1)
    g(); torch.cuda.synchronize()
    err = ((C.float() - (A.float() @ B.float())).abs().max() / (A.float() @ B.float()).abs().max()).item()
    res["triton_naive_err"] = err
    run("bf16 triton naive 64x64x32 8192^3", g, flops=2.0 * M * N * K); del A, B, C
except Exception as e: res["runs"].append({"name": "triton naive", "error": str(e)[:300]})
# memory-bound: copy
src = torch.randn(2 * 2**30 // 4, device=dev); dst = torch.empty_like(src)
run("copy 2GiB fp32", lambda: dst.copy_(src), nbytes=2 * src.numel() * 4)
x = torch.randn(16384, 8192, device=dev, dtype=torch.bfloat16); wgt = torch.randn(8192, device=dev, dtype=torch.bfloat16)
run("rmsnorm bf16 16384x8192", lambda: torch.nn.functional.rms_norm(x, (8192,), wgt), nbytes=2 * x.numel() * 2)
json.dump(res, open(f"{OUT}/probe25.json", "w"), indent=1)
print(json.dumps(res["energy_counter"]), res["power_reading_update_ms"])
