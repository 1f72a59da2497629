"""Tensor-parallel triage on several GPUs (issue 23): one Llama-2-7B-size decoder layer (hidden 4096, 32 heads, FFN
11008, seq 4096, batch 1, bf16) sharded Megatron-style over every torchrun rank (TP = world size), measured on each
rank, ranked compute and communication together, with the collectives' predicted-vs-measured table. Writes one
`ceiling_scout.recorded/1` file through benchmarks/_harness.py (rank 0; rewritten after each section), provenance
included (device, driver, torch/CUDA, date, command, commit from CEILING_SCOUT_COMMIT), for data/recorded/<device>/.

    CEILING_SCOUT_COMMIT=$(git rev-parse HEAD) torchrun --nproc_per_node 2 benchmarks/record_tp.py --out $OUT/tp2.json
    torchrun --nproc_per_node 2 benchmarks/record_tp.py --smoke --out /tmp/tp_smoke.json     # CPU, gloo, tiny block

Sections, in order:
1. `tensor_parallel`: the layer with an all-reduce after O and after down (`<out stem>_tp.json`, `ceiling_scout.tp/1`).
2. `tensor_parallel_sp`: the same layer with sequence parallelism (reduce-scatter + all-gather) (`<out stem>_tp_sp.json`).
3. `collectives_model`: all_reduce, all_gather and reduce_scatter in bf16 from 1/64 to 4 x the layer's activation
   (32 MiB at the 7B size), each with its fitted alpha-beta fabric and the predicted-vs-measured rows (ring, tree).

NVLink multicast is off in every rank (set below before torch is imported).
"""
import os
os.environ.update({"NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"})
import argparse, sys
from pathlib import Path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log
import torch.distributed as dist
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
from ceiling_scout.modes.collectives import NVLS_OFF_ENV, collective_sweep, init_distributed
from ceiling_scout.modes.sharded import rank_device, rank_ceiling_cache_path
from ceiling_scout.modes.tensor_parallel import BlockConfig, tensor_parallel_triage
from ceiling_scout.render.mode_text import format_tp, format_predictions


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "tp.json"))
    ap.add_argument("--smoke", action="store_true", help="CPU (gloo), the tiny block in fp32: checks the script itself")
    ap.add_argument("--seq", type=int, default=4096); ap.add_argument("--batch", type=int, default=1)
    ap.add_argument("--warmup", type=int, default=10); ap.add_argument("--iters", type=int, default=50)
    ap.add_argument("--no-sp", action="store_true", help="skip the sequence-parallel layer")
    ap.add_argument("--timeout", type=float, default=1800.0, help="seconds any collective may take")
    args = ap.parse_args()
    ctx = init_distributed(args.timeout, device="cpu" if args.smoke else "auto")
    cfg = BlockConfig.tiny() if args.smoke else BlockConfig.llama2_7b(args.seq, args.batch, "bf16")
    warmup, iters = (1, 3) if args.smoke else (args.warmup, args.iters)
    out = Path(args.out)
    side = lambda tag: out.with_name(f"{out.stem}_{tag}.json")
    run = JsonRun(out, "benchmarks/record_tp.py", 23, device=ctx.device, world_size=ctx.world_size, tp=ctx.world_size,
                  backend=ctx.backend, nvls=dict(NVLS_OFF_ENV), block=cfg.to_dict(),
                  commit=os.environ.get("CEILING_SCOUT_COMMIT")) if ctx.rank == 0 else None
    say = log if ctx.rank == 0 else (lambda *a: None)
    dev = rank_device(ctx.local_rank, "cpu" if args.smoke else "auto")
    search = dict(shapes=[(128, 128, 128)], per_shape_s=0.05, sustained_s=6.0) if args.smoke else {}
    scout = CeilingScout(ScoutConfig(dev, MeasureConfig.fixed(warmup, iters), search=SearchConfig(**(search)),
                                     cache=rank_ceiling_cache_path(out.with_name(out.stem + "_ceilings_cache.json"),
                                                                   dev,
                                                       ctx.local_rank)), log=say)

    def section(name, fn):
        if run is not None: return run.section(name, fn)
        try: fn()
        except Exception as e: log(f"rank {ctx.rank}: section {name} failed: {type(e).__name__}: {e}")

    def layer(sp: bool, tag: str):
        def fn():
            rep = tensor_parallel_triage(cfg, ctx, scout, sp, warmup, iters, log=None)
            if rep is None: return None
            rep.save(side(tag), force=True); say(format_tp(rep.to_dict()))
            return rep.to_dict()
        return fn
    section("tensor_parallel", layer(False, "tp"))
    if not args.no_sp: section("tensor_parallel_sp", layer(True, "tp_sp"))

    def collectives_model():
        act = cfg.tokens * cfg.hidden * (4 if cfg.precision == "fp32" else 2)
        sizes = sorted({max(64, act * f // 64) for f in (1, 4, 16, 64, 128, 256)})
        dtype = "float32" if cfg.precision == "fp32" else "bfloat16"
        rep = collective_sweep(ctx, ["all_reduce", "all_gather", "reduce_scatter"], sizes, warmup, iters, dtype=dtype)
        if ctx.rank != 0: return None
        for c, fab in rep.fabrics.items():
            say(format_predictions([p.to_dict() for p in rep.predictions if p.collective == c], fab.to_dict()))
        return rep.to_dict()
    section("collectives_model", collectives_model)
    dist.barrier(); dist.destroy_process_group()
    if run is not None: log(f"\nwrote {out} in {run.elapsed_s:.0f} s")


if __name__ == "__main__":
    main()
