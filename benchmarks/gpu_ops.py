"""Every registered operation on a real GPU (issue 4), in one run, at GPU-size example shapes:

- the operations come from the registry (`ceiling_scout.engine.workloads.WORKLOADS` after `load_plugins()`), so a newly registered
  operation is measured without editing this script: its shapes are the class's `example_shapes`
  ({label: (shape_text, precision, extras)}) when it declares them, else this script's `EXAMPLES` table; GEMM and sparse
  GEMM have scripts of their own (`ELSEWHERE`) and run here only when named in --ops;
- today that is the attention shapes of the users' workflow (B=16, H=96, S=4096, D=128 and D=64, causal and not, bf16; D=128 also fp16;
  B=1, H=8, S=512, D=64) across every SDPA backend (and FlashAttention-3 when it imports), a ResNet-style and a large 3x3
  convolution (NCHW vs channels_last), and LayerNorm, RMSNorm, softmax and bias + GELU at 8192x8192 bf16 (eager vs
  torch.compile, and Apex where it imports);
- and the inference-time cases of issue 33 (`INFERENCE`): a depthwise 3x3 and a squeeze-excite 1x1 convolution (NCHW,
  channels_last and cuDNN's autotuner), decode attention against a KV cache (GQA, a 32k cache, a causal 16-token step)
  beside FlashAttention's flash_attn_with_kvcache and FlashInfer where they import. `--match` keeps the cases whose label
  holds one of its comma-separated words.

Every case goes through CeilingScout.analyze (the same path as the CLI), each backend checked against a float64 reference
before it is timed, and writes a standard report. the users' attention status note's check (12.27 ms = "1,075 TFLOPS" at D=128, 7.37 ms at D=64) is
put beside the measured default-dispatch times. Writes one ceiling_scout.recorded/1 file through benchmarks/_harness.py,
saved after every case; a case's error is recorded and the run goes on.

    PYTHONPATH=. python3 benchmarks/gpu_ops.py --out $OUT/gpu_ops.json
    PYTHONPATH=. python3 benchmarks/gpu_ops.py --ops attention,layernorm --out $OUT/gpu_ops_attention.json
    PYTHONPATH=. python3 benchmarks/gpu_ops.py --smoke --out /tmp/gpu_ops_smoke.json   # CPU, tiny shapes, seconds
    PYTHONPATH=. python3 benchmarks/gpu_ops.py --ops conv2d,attention --match depthwise,SE,decode --out $OUT/gpu_ops_inference.json
"""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
import argparse, gc, json, sys
from pathlib import Path
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log
import torch
from ceiling_scout.engine.core import Precision
from ceiling_scout.engine.workloads import WORKLOADS, load_plugins, make_workload
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
from ceiling_scout.ops.attention import FA3_MODULES, AttentionWorkload, first_module
from ceiling_scout.cli import format_backend_table
from ceiling_scout.ops.memory_bound import apex_available

STATUS_DOC_MS = {128: 12.27, 64: 7.37}  # ms, the users' attention status figure, PyTorch SDPA claims at B=16, H=96, S=4096 on an H100 (dtype, mask not stated)
ELSEWHERE = {"gemm": "benchmarks/gpu_foundation.py and gpu_ksweep.py", "sparse_gemm": "benchmarks/gpu_sparse.py"}
_MEM = ("layernorm", "rmsnorm", "softmax", "bias_gelu")


# GPU-size examples of operations whose class declares no `example_shapes`: {operation: {label: (shape, precision, extras)}}
EXAMPLES = {
    "gemm": {"gemm 8192x8192x8192 bf16": ("8192,8192,8192", "bf16", {})},
    **{op: {f"{op} 8192x8192 bf16": ("8192,8192", "bf16", {})} for op in _MEM},
}
# issue 33's inference-time cases, beside each operation's own examples
INFERENCE = {
    "conv2d": {"depthwise 3x3 (32x96x112x112, groups 96) bf16": ("32,96,112,112,96,3,3", "bf16", {"padding": 1, "groups": 96}),
               "SE 1x1 (32x96x1x1 -> 24) bf16": ("32,96,1,1,24,1,1", "bf16", {})},
    "attention": {"decode B=64 H=32 kv=8 S_k=4096 D=128 bf16": ("64,32,1,4096,128", "bf16", {"kv_heads": 8}),
                  "decode B=1 H=32 kv=8 S_k=32768 D=128 bf16": ("1,32,1,32768,128", "bf16", {"kv_heads": 8}),
                  "causal decode B=8 H=32 S_q=16 S_k=4096 D=128 bf16": ("8,32,16,4096,128", "bf16", {"causal": True})},
}
# tiny shapes for --smoke (CPU, seconds): checks the script itself, measures nothing of interest
SMOKE = {
    "gemm": {"gemm 256x256x256": ("256,256,256", "fp32", {})},
    "attention": {**{f"B=2 H=4 S=128 D=32{' causal' if c else ''}": ("2,4,128,32", "bf16", {"causal": c}) for c in (False, True)},
                  "B=1 H=8 S=64 D=16": ("1,8,64,16", "fp32", {}),
                  "decode B=2 H=8 kv=2 S_k=64 D=16": ("2,8,1,64,16", "fp32", {"kv_heads": 2}),
                  "causal decode B=1 H=4 S_q=4 S_k=64 D=16": ("1,4,4,64,16", "fp32", {"causal": True})},
    "conv2d": {"small 3x3": ("2,8,16,16,16,3,3", "fp32", {"padding": 1}),
               "depthwise 3x3": ("2,8,12,12,8,3,3", "fp32", {"padding": 1, "groups": 8})},
    **{op: {op: ("256,512", "fp32", {})} for op in _MEM},
}


def examples(cls, smoke: bool) -> dict:
    "{label: (shape, precision, extras)} of one operation: `SMOKE` in smoke mode, else `example_shapes` or `EXAMPLES`."
    name = cls.operation.value
    if smoke: return dict(SMOKE.get(name, {}))
    return dict(getattr(cls, "example_shapes", None) or EXAMPLES.get(name, {})) | INFERENCE.get(name, {})


def plan(ops: list[str], smoke: bool, match: list[str]=()) -> tuple[list, dict]:
    "The cases [(label, operation, shape, precision, extras)] of the registered operations `ops` keeps (all if empty), and why others are skipped."
    cases, skipped = [], {}
    for op, cls in WORKLOADS.items():
        name = op.value
        if ops and name not in ops: continue
        if name in ELSEWHERE and name not in ops: skipped[name] = f"measured by {ELSEWHERE[name]} (name it in --ops to run it here)"; continue
        ex = examples(cls, smoke)
        if not ex:
            skipped[name] = ("no smoke shape in SMOKE" if smoke else
                             f"{cls.__name__} declares no example_shapes and EXAMPLES has no entry")
            continue
        cases += [(label, name, shape, prec, extras) for label, (shape, prec, extras) in ex.items()
                  if not match or any(m in label for m in match)]
    return cases, skipped


def case_record(w, v) -> dict:
    "What the run keeps of one analysed case (beside its report)."
    return {"operation": w.operation.value, "shape": list(w.shape), "precision": w.precision.value, "extras": w.extras,
            "flops": w.flops, "dense_flops": w.dense_flops, "bytes_min": w.bytes_min, "baseline_backend": v.baseline.backend,
            "baseline_status": v.baseline.status, "baseline_ms": v.baseline.mean_ms, "baseline_tflops": v.baseline.tflops,
            "baseline_gbps": v.baseline.gbps, "efficiency": v.efficiency, "ceiling_tflops": v.ceiling_tflops, "bound": v.bound,
            "verdict": {"priority": v.priority.value, "approach": v.approach.value, "recommendation": v.recommendation,
                        "config": v.config, "warnings": list(v.warnings)}, "evidence": v.evidence}


def status_doc_check(cases: dict) -> dict:
    "the users' attention status note's claimed times beside the measured default-dispatch times, with each accounting's TFLOPS."
    seed = {}
    for D, claim_ms in STATUS_DOC_MS.items():
        full = AttentionWorkload(Precision.BF16, 16, 96, 4096, 4096, D).flops
        causal = AttentionWorkload(Precision.BF16, 16, 96, 4096, 4096, D, causal=True).flops
        row = {"claim_ms": claim_ms, "claim_tflops_full_count": full / (claim_ms * 1e-3) / 1e12,
               "claim_tflops_causal_count": causal / (claim_ms * 1e-3) / 1e12}
        for key, c in cases.items():
            if c["operation"] == "attention" and c["shape"] == [16, 96, 4096, 4096, D] and c["baseline_ms"]:
                fastest = min((b["mean_ms"] for b in c["evidence"].get("backends", []) if b["mean_ms"]), default=None)
                row[key] = {"default_ms": c["baseline_ms"], "default_tflops": c["baseline_tflops"],
                            "claim_over_measured": claim_ms / c["baseline_ms"], "fastest_ms": fastest}
        seed[f"D={D}"] = row
    return seed


def summary(run: JsonRun, device_name: str):
    "The short table at the end of the log."
    res = run.result
    log(f"\n=== Summary ({device_name}, {run.elapsed_s:.0f} s) ===")
    f = lambda x, fmt: format(x, fmt) if x is not None else "-"
    log(f"{'case':<44} {'default dispatch':<20} {'fastest':<16} {'ms':>9} {'TFLOPS':>8} {'GB/s':>8} {'eff':>7}  approach")
    for name, c in res["cases"].items():
        dd = next((a["default_dispatch"] for a in res["attention_summary"] if a["case"] == name), "")
        lay = {b["backend"]: b["mean_ms"] for b in c["evidence"].get("backends", []) if b.get("mean_ms")}
        fast = c["evidence"].get("fastest_backend") or (min(lay, key=lay.get) if lay else "")
        log(f"{name[:44]:<44} {dd or '-':<20} {fast or '-':<16} {f(c['baseline_ms'], '.4f'):>9} "
            f"{f(c['baseline_tflops'], '.1f'):>8} {f(c['baseline_gbps'], '.0f'):>8} {f(c['efficiency'], '.1%'):>7}  "
            f"{c['verdict']['approach']}")
    for op, why in res["skipped"].items(): log(f"skipped {op}: {why}")
    if res["errors"]: log(f"{len(res['errors'])} case(s) failed: {[e['section'] for e in res['errors']]}")


def main():
    load_plugins()
    names = [op.value for op in WORKLOADS]
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_ops.json"))
    ap.add_argument("--smoke", action="store_true", help="CPU, tiny shapes: checks the script itself in seconds")
    ap.add_argument("--ops", default="", help=f"comma-separated operations to run (default: all but {', '.join(ELSEWHERE)}); "
                                              f"registered: {', '.join(names)}")
    ap.add_argument("--max-time", type=float, default=1.5, help="adaptive time budget per backend measurement, seconds")
    ap.add_argument("--match", default="", help="comma-separated words: keep only the cases whose label holds one "
                                                "(e.g. depthwise,SE,decode)")
    args = ap.parse_args()
    ops = [o.strip() for o in args.ops.split(",") if o.strip()]
    if bad := [o for o in ops if o not in names]: ap.error(f"--ops: unknown operation(s) {bad}; registered: {', '.join(names)}")
    smoke = args.smoke or not torch.cuda.is_available()
    cases, skipped = plan(ops, smoke, [m.strip() for m in args.match.split(",") if m.strip()])
    cache = str(Path(args.out).with_name(Path(args.out).stem + "_ceilings_cache.json"))
    search = dict(shapes=[(256, 256, 256)], per_shape_s=0.05) if smoke else {}
    warmup = 1 if smoke else 5
    measure = MeasureConfig(mode="adaptive", warmup=warmup, target_rel_ci=0.01,
                            max_time_s=0.1 if smoke else args.max_time)
    scout = CeilingScout(ScoutConfig("cpu" if smoke else "auto", measure, SearchConfig(**search), cache=cache), log=log)
    method = {"mode": "adaptive", "warmup": warmup, "warmup_min_s": 0.2, "target_rel_ci": 0.01, "max_time_s": scout.config.measure.max_time_s,
              "statistic": "mean",
              "check": "every backend vs a float64 reference of the same inputs before timing (attention: 4 (batch, head) "
                       "pairs; conv: first and last image; memory-bound: whole output); a backend that fails is reported, not timed",
              "inputs": "seeded random normal, the same seed for every backend of a case",
              "channels_last": "inputs converted in the backend's untimed prepare step (its time recorded as prepare_ms)",
              "torch.compile": "compiled in the backend's untimed prepare step (its time recorded as prepare_ms)"}
    run = JsonRun(args.out, "benchmarks/gpu_ops.py", 4, environment=scout.environment.to_dict(), smoke=smoke,
                  operations=sorted({c[1] for c in cases}), fa3_available=first_module(FA3_MODULES) is not None, apex_available=apex_available(),
                  method=method)
    run.result.update(cases={}, attention_summary=[], skipped=skipped)
    log(scout.environment)

    for name, op, shape, prec, extras in cases:
        def one(name=name, op=op, shape=shape, prec=prec, extras=extras):
            log(f"{op} {shape} {prec} {extras}")
            w = make_workload(op, shape, prec, **extras)
            v = scout.analyze(w)
            run.reports.append(scout.generate_report(v))
            run.ceilings[f"{v.ceiling.precision or 'copy'}/{v.ceiling.regime}"] = v.ceiling
            run.result["cases"][name] = case_record(w, v)
            if isinstance(w, AttentionWorkload):
                ch = v.baseline.dispatch or {}
                run.result["attention_summary"].append(
                    {"case": name, "default_dispatch": ch.get("backend"), "aten_ops": ch.get("aten_ops"),
                     "fastest_backend": v.evidence.get("fastest_backend"), "approach": v.approach.value,
                     "default_ms": v.baseline.mean_ms, "default_tflops": v.baseline.tflops,
                     "default_dense_tflops": v.baseline.dense_tflops, "efficiency": v.efficiency})
            log(format_backend_table(v))
            log(f"verdict: {v.priority.value} {v.approach.value}: {v.recommendation}")
            if v.config.get("code"): log(f"  code: {v.config['code']}")
            gc.collect()
            if torch.cuda.is_available(): torch.cuda.empty_cache()
        run.section(name, one)

    # the users' attention status note: which accounting reproduces 12.27 ms / 7.37 ms? The claims beside the measured default-dispatch times.
    if "attention" in {c[1] for c in cases}:
        run.result["status_document_check"] = status_doc_check(run.result["cases"]); run.save()
        log("\nattention status document vs measured:"); log(json.dumps(run.result["status_document_check"], indent=1, default=str))
    summary(run, scout.environment.device_name)
    log(f"wrote {args.out}")
    return 1 if run.result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
