"""Attention, convolution and memory-bound operations on a real GPU (issue 4), in one run:

- the seeds' attention shapes (B=16, H=96, S=4096, D=128 and D=64, causal and not, bf16; D=128 also fp16; B=1, H=8, S=512, D=64)
  across every SDPA backend (FLASH_ATTENTION, EFFICIENT_ATTENTION, CUDNN_ATTENTION, MATH where it fits, the default dispatch)
  and FlashAttention-3 when `flash_attn_interface` imports, each checked against a float64 reference before it is timed;
- a ResNet-style convolution (32x64x56x56, 64 3x3 filters, padding 1) and a large one (32x256x64x64, 512 3x3 filters), NCHW vs
  channels_last, bf16 (the ResNet shape also tf32);
- LayerNorm, RMSNorm, softmax and bias + GELU at 8192x8192 bf16, eager vs torch.compile (and Apex where it imports).

Every case goes through CeilingScout.analyze (the same path as the CLI), so each writes a standard report. The seed-002 check
(12.27 ms = "1,075 TFLOPS" at D=128, 7.37 ms at D=64) is put beside the measured default-dispatch times, causal and not.
Writes one ceiling_scout.recorded/1 JSON with provenance, saved after every case; per-case errors are recorded and the run goes on.

    PYTHONPATH=. python3 benchmarks/gpu_ops.py --out $OUT/gpu_ops.json
    PYTHONPATH=. python3 benchmarks/gpu_ops.py --smoke        # CPU, tiny shapes, < 1 min: checks the script itself
"""
import argparse, gc, json, os, subprocess, sys, time, traceback, datetime as dt
from pathlib import Path
import torch
from ceiling_scout.core import Precision
from ceiling_scout.workloads import make_workload
from ceiling_scout.scout import CeilingScout
from ceiling_scout.attention import AttentionWorkload, format_backend_table, fa3_available, sdpa_default_choice
from ceiling_scout.conv import Conv2dWorkload
from ceiling_scout.memory_bound import apex_available
from ceiling_scout.recorded import write_recorded

def log(*a): print(*a, flush=True)

SEED_002 = {128: 12.27, 64: 7.37}  # ms, seed 002's claims for PyTorch SDPA at B=16, H=96, S=4096 on an H100 (dtype and mask not stated)

def cases(smoke: bool):
    "(section, name, operation, shape, precision, extras)"
    if smoke:
        att = [("attention", f"B=2 H=4 S=128 D=32{' causal' if c else ''}", "attention", "2,4,128,32", "bf16", {"causal": c}) for c in (False, True)]
        att += [("attention", "B=1 H=8 S=64 D=16", "attention", "1,8,64,16", "fp32", {})]
        conv = [("conv2d", "small 3x3", "conv2d", "2,8,16,16,16,3,3", "fp32", {"padding": 1})]
        mem = [("memory", op, op, "256,512", "fp32", {}) for op in ("layernorm", "rmsnorm", "softmax", "bias_gelu")]
        return att + conv + mem
    att = []
    for D in (128, 64):
        for causal in (False, True):
            att.append(("attention", f"seed B=16 H=96 S=4096 D={D}{' causal' if causal else ''} bf16", "attention", f"16,96,4096,{D}", "bf16", {"causal": causal}))
    for causal in (False, True):
        att.append(("attention", f"seed B=16 H=96 S=4096 D=128{' causal' if causal else ''} fp16", "attention", "16,96,4096,128", "fp16", {"causal": causal}))
    for causal in (False, True):
        att.append(("attention", f"seed B=1 H=8 S=512 D=64{' causal' if causal else ''} bf16", "attention", "1,8,512,64", "bf16", {"causal": causal}))
    conv = [("conv2d", "ResNet 3x3 (32x64x56x56 -> 64) bf16", "conv2d", "32,64,56,56,64,3,3", "bf16", {"padding": 1}),
            ("conv2d", "ResNet 3x3 (32x64x56x56 -> 64) tf32", "conv2d", "32,64,56,56,64,3,3", "tf32", {"padding": 1}),
            ("conv2d", "large 3x3 (32x256x64x64 -> 512) bf16", "conv2d", "32,256,64,64,512,3,3", "bf16", {"padding": 1})]
    mem = [("memory", f"{op} 8192x8192 bf16", op, "8192,8192", "bf16", {}) for op in ("layernorm", "rmsnorm", "softmax", "bias_gelu")]
    return att + conv + mem

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_ops.json"))
    ap.add_argument("--smoke", action="store_true", help="CPU, tiny shapes (checks the script itself in < 1 min)")
    ap.add_argument("--max-time", type=float, default=1.5, help="adaptive time budget per backend measurement, seconds")
    ap.add_argument("--only", default="", help="comma-separated sections to run (attention, conv2d, memory); default all")
    args = ap.parse_args()
    t_start = time.time()
    smoke = args.smoke or not torch.cuda.is_available()
    cache = str(Path(args.out).with_name("measured_ceilings_ops.json"))
    search = dict(shapes=[(256, 256, 256)], per_shape_s=0.05) if smoke else {}
    scout = CeilingScout("cpu" if smoke else "auto", mode="adaptive", warmup=5, target_rel_ci=0.01, max_time_s=0.3 if smoke else args.max_time,
                         cache=cache, log=log, search_kw=search)
    prov = {"command": " ".join(["python3"] + sys.argv), "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"), "issue": 4,
            "script": "benchmarks/gpu_ops.py", "smoke": smoke, "environment": scout.environment.to_dict(),
            "fa3_available": fa3_available(), "apex_available": apex_available(),
            "method": {"mode": "adaptive", "warmup": 5, "warmup_min_s": 0.2, "target_rel_ci": 0.01, "max_time_s": scout.max_time_s, "statistic": "mean",
                       "check": "every backend vs a float64 reference of the same inputs before timing (attention: 4 (batch, head) pairs; "
                                "conv: first and last image; memory-bound: whole output); a backend that fails is reported, not timed",
                       "inputs": "seeded random normal, the same seed for every backend of a case",
                       "channels_last": "inputs converted once on the checked call; conversion not timed",
                       "torch.compile": "compiled on the first (checked, untimed) call"}}
    try: prov["nvidia_smi"] = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total", "--format=csv"],
                                             capture_output=True, text=True, timeout=20).stdout
    except Exception as e: prov["nvidia_smi"] = f"unavailable: {e}"
    state = {"ceilings": {}, "reports": [], "extra": {"cases": {}, "attention_summary": [], "errors": [], "section_seconds": {}}}
    def save():
        state["extra"]["wall_s"] = round(time.time() - t_start, 1)
        write_recorded(args.out, prov, state["ceilings"], state["reports"], state["extra"])
    log(scout.environment)
    only = {s.strip() for s in args.only.split(",") if s.strip()}

    for section, name, op, shape, prec, extras in cases(smoke):
        if only and section not in only: continue
        log(f"\n=== {name}: {op} {shape} {prec} {extras} ===")
        t0 = time.time()
        try:
            w = make_workload(op, shape, prec, **extras)
            v = scout.analyze(w)
            rep = scout.generate_report(v)
            state["reports"].append(rep.to_dict())
            c = v.ceiling
            state["ceilings"][f"{c.precision or 'copy'}/{c.regime}"] = c.to_dict()
            case = {"operation": op, "shape": list(w.shape), "precision": prec, "extras": w.extras, "flops": w.flops, "dense_flops": w.dense_flops,
                    "bytes_min": w.bytes_min, "baseline_backend": v.baseline.backend, "baseline_status": v.baseline.status,
                    "baseline_ms": v.baseline.mean_ms, "baseline_tflops": v.baseline.tflops, "baseline_gbps": v.baseline.gbps,
                    "efficiency": v.efficiency, "ceiling_tflops": v.ceiling_tflops, "bound": v.bound,
                    "verdict": {"priority": v.priority.value, "approach": v.approach.value, "recommendation": v.recommendation,
                                "config": v.config, "warnings": list(v.warnings)}, "evidence": v.evidence}
            state["extra"]["cases"][name] = case
            if isinstance(w, AttentionWorkload):
                ch = sdpa_default_choice(w) or {}
                state["extra"]["attention_summary"].append({"case": name, "default_dispatch": ch.get("backend"), "aten_ops": ch.get("aten_ops"),
                                                           "fastest_backend": v.evidence.get("fastest_backend"), "approach": v.approach.value,
                                                           "default_ms": v.baseline.mean_ms, "default_tflops": v.baseline.tflops,
                                                           "default_dense_tflops": v.baseline.dense_tflops, "efficiency": v.efficiency})
            log(format_backend_table(v))
            log(f"verdict: {v.priority.value} {v.approach.value}: {v.recommendation}")
            if v.config.get("code"): log(f"  code: {v.config['code']}")
        except Exception as e:
            state["extra"]["errors"].append({"section": name, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()[-2000:]}); log(traceback.format_exc())
        state["extra"]["section_seconds"][name] = round(time.time() - t0, 1)
        gc.collect()
        if torch.cuda.is_available(): torch.cuda.empty_cache()
        save()

    # seed 002: which accounting reproduces 12.27 ms / 7.37 ms? Put the claims beside the measured default-dispatch times.
    seed = {}
    for D, claim_ms in SEED_002.items():
        row = {"claim_ms": claim_ms, "claim_tflops_full_count": AttentionWorkload(Precision.BF16, 16, 96, 4096, 4096, D).flops / (claim_ms * 1e-3) / 1e12,
               "claim_tflops_causal_count": AttentionWorkload(Precision.BF16, 16, 96, 4096, 4096, D, causal=True).flops / (claim_ms * 1e-3) / 1e12}
        for key, c in state["extra"]["cases"].items():
            if key.startswith(f"seed B=16 H=96 S=4096 D={D}") and c["baseline_ms"]:
                row[key] = {"default_ms": c["baseline_ms"], "default_tflops": c["baseline_tflops"], "claim_over_measured": claim_ms / c["baseline_ms"],
                            "fastest_ms": min((b["mean_ms"] for b in c["evidence"].get("backends", []) if b["mean_ms"]), default=None)}
        seed[f"D={D}"] = row
    state["extra"]["seed_002"] = seed; save()

    log(f"\n=== Summary ({scout.environment.device_name}, {time.time() - t_start:.0f} s) ===")
    f = lambda x, fmt: format(x, fmt) if x is not None else "-"
    log(f"{'case':<44} {'default dispatch':<20} {'fastest':<16} {'ms':>9} {'TFLOPS':>8} {'GB/s':>8} {'eff':>7}  approach")
    for name, c in state["extra"]["cases"].items():
        dd = next((a["default_dispatch"] for a in state["extra"]["attention_summary"] if a["case"] == name), "")
        fast = c["evidence"].get("fastest_backend") or next((k for k, l in c["evidence"].get("layouts", {}).items()
                                                              if l["mean_ms"] == min((x["mean_ms"] for x in c["evidence"]["layouts"].values() if x["mean_ms"]), default=None)), "")
        log(f"{name[:44]:<44} {dd or '-':<20} {fast or '-':<16} {f(c['baseline_ms'], '.4f'):>9} {f(c['baseline_tflops'], '.1f'):>8} "
            f"{f(c['baseline_gbps'], '.0f'):>8} {f(c['efficiency'], '.1%'):>7}  {c['verdict']['approach']}")
    log("\nseed 002 vs measured:"); log(json.dumps(seed, indent=1, default=str))
    if state["extra"]["errors"]: log(f"{len(state['extra']['errors'])} case(s) failed: {[e['section'] for e in state['extra']['errors']]}")
    log(f"wrote {args.out}")

if __name__ == "__main__":
    main()
