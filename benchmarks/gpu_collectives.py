"""Several GPUs (issue 15): collective ceilings and a sharded K sweep on one host, launched by torchrun. Ready for an
H200 x2 run (NVLink 4, 18 links: 450 GB/s per direction per GPU); writes one `ceiling_scout.recorded/1` file through
benchmarks/_harness.py (rank 0 writes it; rewritten after each section), plus the module's own files beside it.

    torchrun --nproc_per_node 2 benchmarks/gpu_collectives.py --out $OUT/gpu_collectives.json
    torchrun --nproc_per_node 2 benchmarks/gpu_collectives.py --smoke --out /tmp/gpu_collectives_smoke.json  # CPU, gloo

Sections, in order:
1. `collectives`: all_reduce, all_gather, reduce_scatter, all_to_all, broadcast and send/recv, 8 B .. 1 GiB doubling
   (nccl-tests -b 8 -e 1G -f 2), each size checked for correctness on every rank first, then 5 warm-up + 20 timed calls
   (CUDA events, mean over ranks as nccl-tests -a 1), algbw and busbw as nccl-tests define them, against the NVLink spec
   read from `nvidia-smi topo -m`, with the fitted latency + bandwidth model and the verdicts
   (-> `<out stem>_collectives.json`, `ceiling_scout.collectives/1`).
2. `sharded_k_sweep`: the K sweep of the users' workflow (M=N=8192 fp16, K=65536..262144 step 16384, 13 points) spread
   over every rank, each GPU's own ceilings measured first and their spread shown, each point judged against its GPU's
   ceiling (-> `<out stem>_ksweep_sharded.json` and one `.rank<r>.jsonl` per rank).
3. `one_gpu_k_sweep`: the same points on rank 0 alone while the others wait, for the wall-time ratio (goal: about half).

NVLink multicast is off in every rank (NCCL_NVLS_ENABLE=0, TORCH_SYMM_MEM_DISABLE_MULTICAST=1, NVSHMEM_DISABLE_NVLS=1,
set below before torch is imported). Every collective has the process group's timeout (--timeout): a failing rank ends
the run with a message naming it, and torchrun stops the others.
"""
import os
os.environ.update({"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"})
import argparse, sys, time
from pathlib import Path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log
import torch
import torch.distributed as dist
from ceiling_scout.modes.collectives import COLLECTIVES, NVLS_OFF_ENV, collective_sweep, init_distributed, message_sizes
from ceiling_scout.modes.sharded import sharded_sweep
from ceiling_scout.modes.ksweep import k_values
from ceiling_scout.render.mode_text import format_collectives
from ceiling_scout.render.sweep_text import format_k_sweep, format_sharded
from ceiling_scout.engine.workloads import make_workload


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_collectives.json"))
    ap.add_argument("--smoke", action="store_true", help="CPU (gloo), tiny sizes and shapes: checks the script itself")
    ap.add_argument("--ops", default=",".join(COLLECTIVES))
    ap.add_argument("--sizes", help="message sizes (default 8 B..1 GiB doubling; smoke: 8,4K,64K)")
    ap.add_argument("--warmup", type=int, default=5); ap.add_argument("--iters", type=int, default=20)
    ap.add_argument("--ks", help="K values of the sharded sweep "
                                 "(default: the users' 65536..262144 step 16384)")
    ap.add_argument("--sweep-iters", type=int, default=50, help="timed calls per K point (fixed mode)")
    ap.add_argument("--no-one-gpu", action="store_true", help="skip the one-GPU comparison sweep")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds any collective (or the end-of-sweep gather) "
                                                                  "may take before the run ends")
    args = ap.parse_args()
    ctx = init_distributed(args.timeout, device="cpu" if args.smoke else "auto")
    out = Path(args.out)
    side = lambda tag: out.with_name(f"{out.stem}_{tag}.json")
    run = JsonRun(out, "benchmarks/gpu_collectives.py", 15, device=ctx.device, world_size=ctx.world_size,
                  backend=ctx.backend, nvls=dict(NVLS_OFF_ENV)) if ctx.rank == 0 else None
    say = log if ctx.rank == 0 else (lambda *a: None)

    def section(name, fn):
        if run is not None: return run.section(name, fn)
        try: fn()
        except Exception as e: log(f"rank {ctx.rank}: section {name} failed: {type(e).__name__}: {e}")

    sizes = message_sizes(args.sizes or ("8,4K,64K" if args.smoke else None), cuda=not args.smoke)

    def collectives():
        rep = collective_sweep(ctx, args.ops.split(","), sizes, args.warmup, args.iters,
                               side("collectives") if ctx.rank == 0 else None, log=say)
        say(format_collectives(rep))
        return rep.to_dict() if ctx.rank == 0 else None
    section("collectives", collectives)

    M = N = 64 if args.smoke else 8192
    prec = "fp32" if args.smoke else "fp16"
    ks = k_values(k_list=args.ks) if args.ks else ([64, 128, 192, 256] if args.smoke else k_values())
    points = [make_workload("gemm", (M, N, k), prec) for k in ks]
    cache = str(out.with_name(out.stem + "_ceilings_cache.json"))
    search = dict(shapes=[(128, 128, 128)], per_shape_s=0.05, sustained_s=6.0) if args.smoke else {}
    kw = dict(warmup=1 if args.smoke else 20, iters=5 if args.smoke else args.sweep_iters, cache=cache,
              search_kw=search)
    walls = {}

    def sharded():
        t = time.time()
        res = sharded_sweep(points, side("ksweep_sharded"), ctx, kw, k_dim="K", log=say)
        dist.barrier(); walls["sharded"] = time.time() - t
        if res is None: return None
        say(format_sharded(res)); say(format_k_sweep(res.k_sweep()))
        run.reports.extend(res.reports)
        walls["sharded_points"] = max(d.get("wall_s", 0.0) for d in res.ranks.values())   # slowest rank's points
        return {**{k: v for k, v in res.to_dict().items() if k != "reports"}, "wall_s_all_ranks": walls["sharded"],
                "points_wall_s_slowest_rank": walls["sharded_points"]}
    section("sharded_k_sweep", sharded)

    def one_gpu():
        t = time.time()
        res = sharded_sweep(points, side("ksweep_one_gpu"), None, kw, k_dim="K", log=say) if ctx.rank == 0 else None
        dist.barrier(); walls["one_gpu"] = time.time() - t
        if res is None: return None
        one_points = sum(r.evidence["shard"]["wall_s"] for r in res.reports)
        # points only: the sharded run also measured every GPU's ceilings, which the one-GPU run reuses from its cache
        ratio = walls["sharded_points"] / one_points if walls.get("sharded_points") and one_points else None
        say(f"points wall time: sharded over {ctx.world_size} ranks {walls.get('sharded_points', float('nan')):.1f} s "
            f"(slowest rank), one GPU {one_points:.1f} s: ratio {ratio if ratio is None else round(ratio, 3)}; "
            f"whole sections {walls.get('sharded', float('nan')):.1f} s and {walls['one_gpu']:.1f} s")
        return {"wall_s": walls["one_gpu"], "points_wall_s": one_points, "sharded_wall_s": walls.get("sharded"),
                "sharded_points_wall_s": walls.get("sharded_points"), "sharded_over_one_gpu_points": ratio,
                "points": len(points), "summary": res.k_sweep().summary}
    if not args.no_one_gpu: section("one_gpu_k_sweep", one_gpu)
    dist.barrier(); dist.destroy_process_group()
    if run is not None: log(f"\nwrote {out} in {run.elapsed_s:.0f} s")


if __name__ == "__main__":
    main()
