"""Known candidate kernels validated against the library on a GPU (issue 11): FlashAttention-3 for attention, Liger's
RMSNorm, torch.compile(mode='max-autotune') for GEMM — each checked for correctness first (several seeds, the traps),
then timed interleaved with the library default, judged KEEP / REVERT / TOO_CLOSE_TO_CALL against the ceiling.

    PYTHONPATH=. python3 benchmarks/gpu_validate.py --out $OUT/gpu_validate.json
    PYTHONPATH=. python3 benchmarks/gpu_validate.py --smoke --out /tmp/gpu_validate_smoke.json   # CPU, tiny, the script only
    PYTHONPATH=. TORCH_LOGS=recompiles python3 benchmarks/gpu_validate.py --only compile \
        --out $OUT/gpu_validate_compile.json

--only SUBSTRING runs the cases whose label contains it (case-insensitive), e.g. 'compile' for both torch.compile
candidates: max-autotune (Triton GEMM templates and CUDA-graph replay) and max-autotune-no-cudagraphs (the templates
alone), which tells a static output buffer apart from a wrong GEMM.
"""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
import sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch
from ceiling_scout.engine.workloads import make_workload
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, SearchConfig
from ceiling_scout.modes.validation import validate
from ceiling_scout.render.mode_text import format_validation

KERNELS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "kernels", "known.py")
CASES = {  # label: (candidate function in known.py, operation, shape, precision, extras); FA3 last: a kernel that
           # crashes leaves a sticky CUDA error that would end every case after it
    "Liger RMSNorm vs eager, 8192x8192 bf16": ("liger_rmsnorm", "rmsnorm", "8192,8192", "bf16", {}),
    "compile max-autotune vs cuBLAS, 4096^3 bf16": ("compiled_gemm", "gemm", "4096,4096,4096", "bf16", {}),
    "compile max-autotune-no-cudagraphs vs cuBLAS, 4096^3 bf16": ("compiled_gemm_no_cudagraphs", "gemm",
                                                                  "4096,4096,4096", "bf16", {}),
    "FA3 vs SDPA, B=16 H=96 S=4096 D=128 bf16": ("fa3_attention", "attention", "16,96,4096,128", "bf16", {}),
    "FA3 vs SDPA, B=16 H=96 S=4096 D=128 causal bf16": ("fa3_attention", "attention", "16,96,4096,128", "bf16",
                                                        {"causal": True}),
    "FA3 vs SDPA, B=16 H=96 S=4096 D=64 bf16": ("fa3_attention", "attention", "16,96,4096,64", "bf16", {}),
}
SMOKE = {"compiled GEMM, 64^3 fp32 (CPU)": ("compiled_gemm", "gemm", "64,64,64", "fp32", {}),
         "compiled GEMM no cudagraphs, 64^3 fp32 (CPU)": ("compiled_gemm_no_cudagraphs", "gemm", "64,64,64", "fp32",
                                                          {})}


def main():
    ap = script_parser("gpu_validate")
    ap.add_argument("--only", default=None, help="run only the cases whose label contains this (case-insensitive)")
    args = ap.parse_args()
    smoke = args.smoke or not torch.cuda.is_available()
    cases = SMOKE if smoke else CASES
    if args.only:
        cases = {k: v for k, v in cases.items() if args.only.lower() in k.lower()}
        if not cases:
            print(f"gpu_validate: --only {args.only!r} matches no case; cases: {'; '.join(SMOKE if smoke else CASES)}",
                  file=sys.stderr)
            return 2
    dev = "cpu" if smoke else "cuda"
    search = SearchConfig.of_shapes([(128, 128, 128)], 0.05) if smoke else SearchConfig()
    cache = os.path.join(os.path.dirname(os.path.abspath(args.out)), "gpu_validate_ceilings.json")
    scout = CeilingScout(ScoutConfig(dev, search=search, cache=cache))
    run = JsonRun(args.out, "benchmarks/gpu_validate.py", 11, environment=scout.environment.to_dict(), smoke=smoke,
                  method={"checks": "3 seeds at the workload's shape, no edge shapes (the candidates claim only the "
                                    "documented shapes), the traps of ceiling_scout.modes.validation",
                          "timing": "interleaved rounds of the library default and the candidate, same engine",
                          "only": args.only,
                          "threads": "every call of a candidate (checks and timing) from one long-lived thread"})
    run.result.update(validations={})
    for label, (fn, op, shape, prec, extras) in cases.items():
        def one(label=label, fn=fn, op=op, shape=shape, prec=prec, extras=extras):
            w = make_workload(op, shape, prec, **extras)
            v = validate(f"{KERNELS}:{fn}", w, dev, edge_shapes=(), timeout_s=600, scout=scout,
                         **({"rounds": 1, "warmup": 1, "iters": 3} if smoke else {}))
            log(format_validation(v))
            run.result["validations"][label] = v.to_dict()
        run.section(label, one)
    log(f"wrote {args.out} (errors: {[e['section'] for e in run.result['errors']]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
