"""Host-side overhead on a real GPU (issue 14), in one run of under four minutes on an H100:

- the host link (NVML's PCIe generation and width, or NVLink-C2C) and the link spec table;
- the transfer size sweep, 4 KiB .. 1 GiB, h2d/d2h pageable and pinned and d2d, with a transfer roofline
  (latency + bytes / bandwidth) fitted per series and the pinned h2d peak judged against the link's datasheet;
- h2d and d2h verdicts through CeilingScout.analyze (the CLI's path): pageable vs pinned, batching, and copy/compute
  overlap on a side stream measured against serial;
- allocation taken apart in fresh processes (first CUDA call, raw cudaMalloc, caching-allocator hit, cudaMallocAsync)
  and which of them the host-overhead document's "cudaMalloc 204.4 ms" most likely was;
- launch overhead: the empty-kernel launch rate, a chain of 64 small kernels eager vs CUDA graph vs
  torch.compile(mode="reduce-overhead"), and its verdict;
- the document's case re-created (a matmul with per-iteration cudaMalloc and pageable copies, in fresh processes with
  the caching allocator off, as C++ code would run it), then each fix and both, with the end-to-end speedup of each;
- profile_call on that loop and on a launch-bound function: the breakdown and the measured advice.

Writes one ceiling_scout.recorded/1 file through benchmarks/_harness.py, saved after every section.

    PYTHONPATH=. python3 benchmarks/gpu_host_overhead.py --out $OUT/gpu_host_overhead.json
    PYTHONPATH=. python3 benchmarks/gpu_host_overhead.py --smoke --out /tmp/host_smoke.json   # CPU, seconds
"""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
os.environ.setdefault("TORCH_SYMM_MEM_DISABLE_MULTICAST", "1"); os.environ.setdefault("NVSHMEM_DISABLE_NVLS", "1")
import argparse, dataclasses, json, random, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log
import torch
from ceiling_scout.engine.core import NotSupportedError
from ceiling_scout.engine.workloads import make_workload
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig
from ceiling_scout.ops.transfers import (LINK_SPECS, SWEEP_SIZES, TransferFit, fit_transfer_roofline, host_link,
                                     transfer_sweep)
from ceiling_scout.modes.host import (allocation_breakdown, attribute_claim, decide_launch, kernel_chain, launch_rate,
                                profile_call, run_child)
from ceiling_scout.render.mode_text import format_profile

DOC = {"cudaMalloc_ms": 204.4, "end_to_end_ms": 228.0, "kernel_us": 615.8, "h2d_gbps": 15.0, "d2h_gbps": 13.8}

# The document's loop, one configuration per fresh process: allocate (or not), copy in, matmul, copy out.
DOC_CHILD = r'''
import json, statistics, sys, time
t0 = time.perf_counter()
import torch
cfg = json.loads(sys.argv[1]); n, iters = cfg["n"], cfg["iters"]
host = lambda: torch.randn(n, n, dtype=torch.float16).pin_memory() if cfg["pinned"] else torch.randn(n, n, dtype=torch.float16)
ha, hb, hc = host(), host(), host()
setup = (time.perf_counter() - t0) * 1e3   # pinning creates the CUDA context here; pageable runs create it in step 1
keep = None
def step():
    global keep
    if cfg["persistent"]:
        if keep is None: keep = [torch.empty(n, n, dtype=torch.float16, device="cuda") for _ in range(3)]
        da, db, dc = keep
    else: da, db, dc = (torch.empty(n, n, dtype=torch.float16, device="cuda") for _ in range(3))
    da.copy_(ha, non_blocking=cfg["pinned"]); db.copy_(hb, non_blocking=cfg["pinned"])
    torch.mm(da, db, out=dc)
    hc.copy_(dc, non_blocking=cfg["pinned"])
    torch.cuda.synchronize()
    del da, db, dc
t = time.perf_counter(); step(); first = (time.perf_counter() - t) * 1e3
ts = []
for _ in range(iters):
    t = time.perf_counter(); step(); ts.append((time.perf_counter() - t) * 1e3)
a = torch.randn(n, n, dtype=torch.float16, device="cuda"); c = torch.empty_like(a)
for _ in range(3): torch.mm(a, a, out=c)
s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
s.record()
for _ in range(20): torch.mm(a, a, out=c)
e.record(); torch.cuda.synchronize()
print(json.dumps({"setup_ms": setup, "first_iteration_ms": first, "setup_plus_first_ms": setup + first, "steady_ms": statistics.median(ts), "steady_min_ms": min(ts),
                  "kernel_ms": s.elapsed_time(e) / 20, "process_ms": (time.perf_counter() - t0) * 1e3,
                  "allocator": torch.cuda.get_allocator_backend()}))
'''
DOC_CONFIGS = {  # name: (persistent device buffers, pinned host buffers, caching allocator on)
    "before (per-iteration cudaMalloc, pageable)": (False, False, False),
    "fix 1: persistent allocation": (True, False, False),
    "fix 2: pinned host memory": (False, True, False),
    "both fixes": (True, True, False),
    "PyTorch default (caching allocator, pageable)": (False, False, True)}


def gpu_only(fn):
    "Run `fn`; a NotSupportedError (no GPU) becomes the section's recorded result instead of an error."
    def run():
        try: return fn()
        except NotSupportedError as e: log(f"  not supported here: {e}"); return {"not_supported": str(e)}
    return run


def links(dev):
    link = host_link(dev)
    log(f"  host link: {link.name if link else 'unknown'}" + (f", {link.gbps_per_direction:.2f} GB/s per direction"
                                                             if link else ""))
    return {"host_link": dataclasses.asdict(link) if link else None,
            "table": {k: dataclasses.asdict(v) for k, v in LINK_SPECS.items()}}


def roofline_synthetic():
    "The fit on synthetic timings (also CI's check): what the sweep's fit is trusted on."
    rng, true = random.Random(0), TransferFit(10.0, 25.0, 0, 0.0)
    fit = fit_transfer_roofline(SWEEP_SIZES, [true.time_us(b) * (1 + rng.uniform(-0.01, 0.01)) for b in SWEEP_SIZES])
    log(f"  synthetic 10 us + bytes / 25 GB/s -> fitted {fit.latency_us:.2f} us + bytes / {fit.bandwidth_gbps:.2f} GB/s")
    return fit.to_dict()


def sweep(dev, smoke):
    s = transfer_sweep(dev, SWEEP_SIZES, log=log, warmup=3, iters=20, big_iters=5)
    for k, f in s["fits"].items():
        if f and "latency_us" in f:
            log(f"  fit {k:<14}: {f['latency_us']:7.2f} us + bytes / {f['bandwidth_gbps']:7.2f} GB/s "
                f"(n1/2 {f['half_bandwidth_bytes'] / 1024:.0f} KiB, worst residual {f['max_rel_residual']:.1%})")
    for k, p in s["peaks"].items():
        if p["fraction_of_link"]: log(f"  peak {k}: {p['peak_gbps']:.2f} GB/s = {p['fraction_of_link']:.1%} of {p['link']}")
    return s


def verdicts(scout, run):
    out = {}
    for op, shape, extras in (("h2d", str(64 * 2**20), {}), ("d2h", str(64 * 2**20), {}),
                              ("h2d", str(64 * 2**10), {"pinned": True})):
        w = make_workload(op, shape, "fp32", **extras)
        v = scout.analyze(w)
        run.reports.append(scout.generate_report(v))
        run.ceilings[f"copy/{v.ceiling.regime}"] = v.ceiling
        out[w.describe()] = {"approach": v.approach.value, "finding": v.finding, "recommendation": v.recommendation,
                             "gain": v.gain, "evidence": v.evidence}
        log(f"  {w.describe()}: {v.approach.value} [{v.finding}] {v.recommendation}")
    return out


def allocation(dev):
    b = allocation_breakdown(dev)
    log("  first call: " + ", ".join(f"{k} {v:.1f} ms" for k, v in b["first_call"].items()))
    for r in b["by_size"]:
        log(f"  {r['nbytes'] / 2**20:7.0f} MiB: raw cudaMalloc {r['raw_cudaMalloc_ms']:.3f} ms, cudaFree "
            f"{r['raw_cudaFree_ms']:.3f}, caching miss {r['caching_miss_ms']:.3f}, hit {r['caching_hit_ms']:.4f}, "
            f"cudaMallocAsync {r['cudaMallocAsync_first_ms']:.3f}/{r['cudaMallocAsync_again_ms']:.4f}")
    b["document_claim"] = attribute_claim(DOC["cudaMalloc_ms"], b, nbytes=32 * 2**20)
    log(f"  the document's cudaMalloc {DOC['cudaMalloc_ms']} ms is most likely: {b['document_claim']['most_likely']}")
    return b


def launches(dev):
    r = {"launch_rate": launch_rate(dev), "chain": kernel_chain(dev, n_kernels=64)}
    lr = r["launch_rate"]
    log(f"  empty kernel: {lr['host_us_per_launch']:.2f} us host, {lr['end_to_end_us_per_launch']:.2f} us end to end "
        f"({lr['launches_per_s']:.0f}/s)")
    d = decide_launch(r["chain"])
    r["verdict"] = {"approach": d.approach.value, "finding": d.finding, "recommendation": d.recommendation, "gain": d.gain}
    log(f"  chain: {json.dumps({k: round(v, 2) for k, v in r['chain'].items() if isinstance(v, float)})}")
    log(f"  verdict: {d.recommendation}")
    return r


def document_case(dev, smoke):
    if dev.type != "cuda": raise NotSupportedError("the document's case needs a GPU")
    out, base = {}, None
    for name, (persistent, pinned, caching) in DOC_CONFIGS.items():
        env = {} if caching else {"PYTORCH_NO_CUDA_MEMORY_CACHING": "1"}
        r = run_child(DOC_CHILD, [json.dumps({"n": 4096, "iters": 10, "persistent": persistent, "pinned": pinned})], env)
        base = base or r
        r["speedup_vs_before"] = base["steady_ms"] / r["steady_ms"]
        r["setup_plus_first_speedup_vs_before"] = base["setup_plus_first_ms"] / r["setup_plus_first_ms"]
        out[name] = r
        log(f"  {name:<48} setup + first {r['setup_plus_first_ms']:8.1f} ms, steady {r['steady_ms']:7.2f} ms "
            f"({r['speedup_vs_before']:.2f}x), kernel {r['kernel_ms']:.3f} ms")
    return out


def launch_bound_case(x):
    "200 tiny kernels: what a short, launch-bound step looks like."
    for _ in range(200): x = x.mul(1.0001)
    return x


def profiles(dev, smoke):
    from ceiling_scout.modes.host import load_function
    out = {}
    if dev.type == "cuda":
        fn, name = load_function("examples/host/planted.py:gpu_case")
        cases = {name: (fn, ()), "launch_bound_case (200 tiny kernels)": (launch_bound_case,
                                                                         (torch.ones(4096, device=dev),))}
    else:
        fn, name = load_function("examples/host/planted.py:planted")
        cases = {name: (fn, ())}
    for name, (fn, args) in cases.items():
        p = profile_call(fn, *args, steps=2, device=dev, name=name)
        log(format_profile(p))
        out[name] = p.to_dict()
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_host_overhead.json"))
    ap.add_argument("--smoke", action="store_true", help="CPU: checks the script itself in seconds")
    args = ap.parse_args()
    smoke = args.smoke or not torch.cuda.is_available()
    dev = torch.device("cpu" if smoke else "cuda")
    run = JsonRun(args.out, "benchmarks/gpu_host_overhead.py", 14, str(dev), smoke=smoke, document_claims=DOC)
    run.section("links", lambda: links(dev))
    run.section("transfer_roofline_synthetic", roofline_synthetic)
    run.section("transfer_sweep", gpu_only(lambda: sweep(dev, smoke)))
    if not smoke:
        scout = CeilingScout(ScoutConfig("auto", MeasureConfig(mode="fixed", warmup=5, iters=50, max_time_s=60.0)))
        run.section("verdicts", lambda: verdicts(scout, run))
    run.section("allocation", gpu_only(lambda: allocation(dev)))
    run.section("launch", gpu_only(lambda: launches(dev)))
    run.section("document_case", gpu_only(lambda: document_case(dev, smoke)))
    run.section("profiles", lambda: profiles(dev, smoke))
    log(f"\nwrote {args.out} in {run.elapsed_s:.0f} s; errors: {len(run.result['errors'])}")
    return 1 if run.result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
