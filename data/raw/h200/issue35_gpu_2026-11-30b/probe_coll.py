"""Issue 35: where reduce-scatter and all-gather lose 5-16 % to nccl-tests at the TP layer's 16 MiB (all-reduce 0-4 %).
Under torchrun (2 ranks, NCCL), each collective checked first (`collective_call`), then 6 interleaved rounds of:
- `events`: the tool's `time_collective` (events between back-to-back calls, as the tool reports it);
- `wall`: nccl-tests' way, wall clock over the same 50 back-to-back calls, one synchronise at the end;
- `async`: 50 calls with `async_op=True` (each on NCCL's own stream, no wait of the current stream between them), wall
  clock; the difference from `wall` is PyTorch's per-call stream hop;
- `graph`: the 50 calls captured in one CUDA graph and replayed (no host in the loop, as nccl-tests' -G);
all after 5 warm-up calls and a barrier. Per round and way: mean µs a call (the mean over ranks).
    torchrun --nproc_per_node 2 probe_coll.py OUT.json [SIZES]"""
import json, statistics as st, sys, time
import torch, torch.distributed as dist
from ceiling_scout.modes.collectives import init_distributed, collective_call, time_collective, parse_size

ctx = init_distributed(); dev = torch.device(ctx.device); out = {}
sizes = sys.argv[2].split(",") if len(sys.argv) > 2 else ["16M"]
ASYNC = {"all_reduce": lambda x, y: dist.all_reduce(x, async_op=True),
         "reduce_scatter": lambda x, y: dist.reduce_scatter_tensor(y, x, async_op=True),
         "all_gather": lambda x, y: dist.all_gather_into_tensor(y, x, async_op=True)}
def mean_over_ranks(v):
    t = torch.tensor([v], dtype=torch.float64, device=dev); dist.all_reduce(t); return t.item() / ctx.world_size
def wall(f, n=50):
    for _ in range(5): f()
    torch.cuda.synchronize(); dist.barrier(); torch.cuda.synchronize(); t = time.perf_counter()
    for _ in range(n): f()
    torch.cuda.synchronize(); return mean_over_ranks((time.perf_counter() - t) / n * 1e6)
for size in sizes:
    for name in ("all_reduce", "reduce_scatter", "all_gather"):
        call, check, nbytes = collective_call(name, parse_size(size), ctx)
        call(); torch.cuda.synchronize(); bad = check()
        # the buffers the call closes over: found by running the async form on fresh ones of the same sizes
        n, c = ctx.world_size, nbytes // 4
        x = torch.randn(c, device=dev) if name != "all_gather" else torch.randn(c // n, device=dev)
        y = torch.empty(c // n if name == "reduce_scatter" else c, device=dev)
        af = lambda: ASYNC[name](x, y)
        def asy():
            w = [af() for _ in range(5)]; [v.wait() for v in w]
            torch.cuda.synchronize(); dist.barrier(); torch.cuda.synchronize(); t = time.perf_counter()
            w = [af() for _ in range(50)]; [v.wait() for v in w]
            torch.cuda.synchronize(); return mean_over_ranks((time.perf_counter() - t) / 50 * 1e6)
        g = None
        try:
            s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
            with torch.cuda.stream(s):
                for _ in range(3): call()
            torch.cuda.current_stream().wait_stream(s); torch.cuda.synchronize(); dist.barrier()
            g = torch.cuda.CUDAGraph()
            with torch.cuda.graph(g):
                for _ in range(50): call()
            torch.cuda.synchronize()
        except Exception as e: g = None; gerr = f"{type(e).__name__}: {e}"[:300]
        def graph():
            g.replay(); torch.cuda.synchronize(); dist.barrier(); torch.cuda.synchronize()
            a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            a.record(); g.replay(); b.record(); torch.cuda.synchronize()
            return mean_over_ranks(a.elapsed_time(b) / 50 * 1e3)
        ways = {"events": lambda: mean_over_ranks(st.mean(time_collective(call, ctx, 5, 50)) * 1e3),
                "wall": lambda: wall(call), "async": asy}
        if g is not None: ways["graph"] = graph
        rows = {k: [] for k in ways}
        for r in range(6):
            for k in list(ways)[r % len(ways):] + list(ways)[:r % len(ways)]: rows[k].append(ways[k]())
        out[f"{name} {size}"] = {"bytes": nbytes, "check": bad, "graph_error": None if g is not None else gerr,
                                 "median_us": {k: st.median(v) for k, v in rows.items()}, "rounds_us": rows}
        if ctx.rank == 0:
            print(name, size, {k: f"{st.median(v):.2f}" for k, v in rows.items()}, "check:", bad or "ok", flush=True)
            json.dump(out, open(sys.argv[1], "w"), indent=1)
dist.destroy_process_group()
