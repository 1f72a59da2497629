"""Hardware-counter evidence behind GEMM verdicts (issue 9, item 9): for each shape the scout measures the library
GEMM against its ceiling and gives its verdict, then Nsight Compute (`ncu`) profiles one replay of the same call in a
child process (`ceiling_scout.engine.ncu.collect_kernel_evidence`): the library kernel's name, SM and DRAM throughput
as % of peak, achieved occupancy. The evidence is attached to the report (`evidence["kernel_counters"]`) for every
shape, and `wanted` records whether the verdict is one that asks for it (CUSTOM_KERNEL, CUTLASS_SWEEP). Where `ncu`
is absent (the CPU) the evidence is a note and the run goes on.

Writes one `ceiling_scout.recorded/1` JSON (benchmarks/_harness.py: provenance, rewritten after every shape):

    PYTHONPATH=. python3 benchmarks/gpu_evidence.py --out $OUT/gpu_evidence.json      # GPU: ~1-2 min with the ceiling
    PYTHONPATH=. python3 benchmarks/gpu_evidence.py --smoke --out /tmp/ev_smoke.json  # CPU, seconds (evidence: a note)
    PYTHONPATH=. python3 benchmarks/gpu_evidence.py --evidence-only --out $OUT/ev.json # counters only, no verdicts

Default shapes (bf16): 8192x8192x8192 (compute-bound), 1x8192x8192 (a GEMV, memory-bound), 8192x8192x8191 (K one
short of a tensor-core multiple). `--shapes "M,N,K;M,N,K"` and `--precision` change them; the ceiling cache lives
next to --out, never in the user's cache.
"""
import os, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser   # before torch: NCCL settings
from pathlib import Path
import torch
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
from ceiling_scout.engine.report import report_from_verdict
from ceiling_scout.engine.workloads import make_workload
from ceiling_scout.render.cli_text import format_kernel_evidence
from ceiling_scout.engine.ncu import (collect_kernel_evidence, find_ncu, with_kernel_evidence,
                                    wants_kernel_evidence)

GPU_SHAPES = "8192,8192,8192;1,8192,8192;8192,8192,8191"


def fail(msg: str):
    "A bad argument: one line on stderr, exit status 2."
    print(f"gpu_evidence.py: {msg}", file=sys.stderr); sys.exit(2)


def parse_shapes(text: str) -> list[tuple[int, int, int]]:
    "'M,N,K;M,N,K' as int triples (one-line error otherwise)."
    out = []
    for part in text.split(";"):
        try: s = tuple(int(v) for v in part.split(","))
        except ValueError: s = ()
        if len(s) != 3 or min(s) < 1: fail(f"--shapes must be 'M,N,K;M,N,K' with positive ints; got {text!r}")
        out.append(s)
    return out


def one(run: JsonRun, scout: CeilingScout, shape, precision: str, device: str):
    "Verdict, then counters of one replay, attached to the report; the row goes into the recording."
    w = make_workload("gemm", shape, precision)
    v = scout.analyze(w)
    rep = report_from_verdict(v, scout.environment.to_dict())
    ev = collect_kernel_evidence("gemm", w.shape, precision, device)
    rep = with_kernel_evidence(rep, ev)
    run.reports.append(rep)
    row = {"shape": list(w.shape), "precision": precision, "approach": rep.approach, "efficiency": rep.efficiency,
           "baseline_tflops": rep.baseline_tflops, "regime": rep.regime, "wanted": wants_kernel_evidence(rep.approach),
           **{f"counters_{k}": val for k, val in ev.summary().items()}}
    run.result["rows"].append(row); run.save()
    eff = f"{rep.efficiency:.1%}" if rep.efficiency is not None else "n/a"
    log(f"gemm {'x'.join(map(str, w.shape))} {precision}: {rep.approach} (efficiency {eff}, {rep.regime})")
    for line in format_kernel_evidence(ev): log("  " + line)


def counters_only(run: JsonRun, shape, precision: str, device: str):
    "Counters of one replay, without measuring a verdict (no ceiling search: the quick look)."
    ev = collect_kernel_evidence("gemm", shape, precision, device)
    run.result["rows"].append({"shape": list(shape), "precision": precision, "evidence": ev.to_dict(),
                               **{f"counters_{k}": val for k, val in ev.summary().items()}}); run.save()
    log(f"gemm {'x'.join(map(str, shape))} {precision}:")
    for line in format_kernel_evidence(ev): log("  " + line)


def main():
    ap = script_parser("gpu_evidence")
    ap.add_argument("--shapes", default=None, help=f"'M,N,K;M,N,K' (default {GPU_SHAPES}; smoke: 64,64,64)")
    ap.add_argument("--precision", default=None, help="default bf16 (smoke: fp32)")
    ap.add_argument("--evidence-only", action="store_true", help="counters only: no verdict, no ceiling search")
    args = ap.parse_args()
    smoke = args.smoke or not torch.cuda.is_available()
    if smoke: torch.set_num_threads(1)   # tiny matmuls on a shared machine: threads only wait for each other
    device = "cpu" if smoke else "cuda"
    shapes = parse_shapes(args.shapes or ("64,64,64" if smoke else GPU_SHAPES))
    precision = args.precision or ("fp32" if smoke else "bf16")
    out = Path(args.out)
    cache = out.with_name(out.stem + "_ceilings_cache.json")
    search = dict(shapes=[(128, 128, 128)], per_shape_s=0.05) if smoke else {}
    counts = dict(warmup=2, iters=10) if smoke else dict(warmup=20, iters=200)
    run = JsonRun(args.out, "benchmarks/gpu_evidence.py", 9, device=device, smoke=smoke, ncu=find_ncu(),
                  cases={"shapes": [list(s) for s in shapes], "precision": precision, **counts})
    run.result["rows"] = []
    if args.evidence_only:
        for s in shapes: run.section("x".join(map(str, s)), lambda s=s: counters_only(run, s, precision, device))
    else:
        scout = CeilingScout(ScoutConfig(device, MeasureConfig.fixed(**counts), SearchConfig(**search),
                                         cache=str(cache)),
                             log=log)
        for s in shapes: run.section("x".join(map(str, s)), lambda s=s: one(run, scout, s, precision, device))
        for (p, regime), c in scout._ceilings.items(): run.ceilings[f"{p}/{regime}"] = c
    run.save()
    log(f"total {run.elapsed_s:.0f} s; ncu: {find_ncu() or 'not found'}; wrote {args.out} "
        f"(errors: {[e['section'] for e in run.result['errors']]})")
    return 0 if not run.result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
