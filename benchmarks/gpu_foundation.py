"""Foundation run on a real GPU (issue 2): ceilings, the 8192^3 bf16 verdict, engine vs triton.testing.do_bench,
fixed vs adaptive mode, a misaligned shape, telemetry. Writes one JSON with provenance to $OUT (or --out).

    PYTHONPATH=. python benchmarks/gpu_foundation.py --out $OUT/gpu_foundation.json
"""
import argparse, json, os, subprocess, sys, time, traceback, datetime as dt
from pathlib import Path
import torch
from ceiling_scout.core import *
from ceiling_scout.measure import measure
from ceiling_scout.workloads import make_workload
from ceiling_scout.scout import CeilingScout
from ceiling_scout.report import report_from_verdict

def log(*a): print(*a, flush=True)

def main():
    ap = argparse.ArgumentParser(); ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_foundation.json"))
    ap.add_argument("--smoke", action="store_true", help="tiny shapes (CPU check of the script itself)")
    args = ap.parse_args()
    t_start = time.time()
    dev = "auto"
    cache = str(Path(args.out).with_name("measured_ceilings.json"))
    smoke = args.smoke or not torch.cuda.is_available()
    search = dict(shapes=[(256, 256, 256)], per_shape_s=0.05, sustained_s=6.0) if smoke else {}
    big = (256, 256, 256) if smoke else (8192, 8192, 8192)
    result = {"provenance": {"command": " ".join(["python"] + sys.argv), "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                             "issue": 2, "script": "benchmarks/gpu_foundation.py"}, "sections": {}, "errors": []}
    try: result["provenance"]["nvidia_smi"] = subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total", "--format=csv"], capture_output=True, text=True, timeout=20).stdout
    except Exception as e: result["provenance"]["nvidia_smi"] = f"unavailable: {e}"

    def save():
        Path(args.out).parent.mkdir(parents=True, exist_ok=True)
        Path(args.out).write_text(json.dumps(result, indent=1, default=str))

    def section(name, fn):
        log(f"\n=== {name} ===")
        t0 = time.time()
        try: result["sections"][name] = fn()
        except Exception as e:
            result["errors"].append({"section": name, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()[-2000:]}); log(traceback.format_exc())
        result.setdefault("section_seconds", {})[name] = round(time.time() - t0, 1)
        save()

    scout = CeilingScout(dev, cache=cache, log=log, search_kw=search)
    result["provenance"]["environment"] = scout.environment.to_dict()
    log(scout.environment)

    # 1. measured ceilings, per precision, burst; bf16 also sustained
    def ceilings():
        out = {}
        for p in ["bf16", "fp16", "fp8", "tf32", "fp32", "int8"]:
            try: out[f"{p}/burst"] = scout.ceiling(p, "burst").to_dict()
            except Exception as e: out[f"{p}/burst"] = {"error": f"{type(e).__name__}: {e}"}
            log(p, out[f"{p}/burst"].get("measured_peak_tflops"), out[f"{p}/burst"].get("note"))
        out["bf16/sustained"] = scout.ceiling("bf16", "sustained").to_dict()
        log("bf16 sustained", out["bf16/sustained"]["measured_peak_tflops"], out["bf16/sustained"]["telemetry"])
        out["_cache"] = json.loads(Path(cache).read_text())
        return out
    section("ceilings", ceilings)

    # 2. the headline verdict: 8192^3 bf16, fixed mode (seeds' 20+200), then adaptive
    def headline():
        out = {}
        for mode in ["fixed", "adaptive"]:
            s = CeilingScout(dev, mode=mode, cache=cache, log=log, search_kw=search)
            t0 = time.time(); v = s.detect_ceiling("gemm", big, "bf16"); wall = time.time() - t0
            rep = report_from_verdict(v, s.environment.to_dict()).to_dict()
            out[mode] = {"report": rep, "wall_s_total": wall, "timed_loop_s": v.baseline.measurement.duration_s,
                         "n": v.baseline.measurement.stats.n, "mean_ms": v.baseline.mean_ms}
            log(f"{mode}: {v.baseline.tflops:.1f} TFLOPS, eff {v.efficiency:.3f}, {v.approach.value}, n={out[mode]['n']}, loop {out[mode]['timed_loop_s']:.3f}s")
        f, a = out["fixed"], out["adaptive"]
        out["adaptive_vs_fixed_mean_diff"] = a["mean_ms"] / f["mean_ms"] - 1
        # GPU time of the timed calls (+ 20 warm-up calls each)
        f_gpu = (f["n"] + 20) * f["mean_ms"] / 1e3; a_gpu = (a["n"] + 20) * a["mean_ms"] / 1e3
        out["gpu_time_s"] = {"fixed": f_gpu, "adaptive": a_gpu, "saved_fraction": 1 - a_gpu / f_gpu}
        log(json.dumps({k: out[k] for k in ["adaptive_vs_fixed_mean_diff", "gpu_time_s"]}))
        return out
    section("headline_8192_bf16", headline)

    # 3. engine vs triton.testing.do_bench on the same inputs, same process
    def vs_do_bench():
        try: from triton.testing import do_bench
        except Exception as e: return {"skipped": f"triton not importable: {e}"}
        rows = []
        shapes = [(big, "bf16"), (big, "fp16"), ((4096, 4096, 4096), "bf16"), ((16384, 8192, 8192), "bf16"), ((2048, 2048, 2048), "bf16")]
        if smoke: shapes = shapes[:1]
        for shape, p in shapes:
            w = make_workload("gemm", shape, p); x = w.make_inputs("cuda", seed=5); fn = lambda: torch.matmul(x["a"], x["b"])
            eng = measure(fn, "cuda", warmup=20, iters=200, flush_l2=True)   # same cache state as do_bench, which always flushes
            eng_nf = measure(fn, "cuda", warmup=20, iters=200)
            db_mean = do_bench(fn, warmup=25, rep=200, return_mode="mean"); db_med = do_bench(fn, warmup=25, rep=200, return_mode="median")
            row = {"shape": list(shape), "precision": p, "engine_mean_ms": eng.mean_ms, "engine_median_ms": eng.stats.median_ms,
                   "engine_noflush_mean_ms": eng_nf.mean_ms, "engine_timer": eng.method["timer"], "do_bench_mean_ms": db_mean, "do_bench_median_ms": db_med,
                   "diff_mean": eng.mean_ms / db_mean - 1, "diff_median": eng.stats.median_ms / db_med - 1,
                   "tflops_engine": w.flops / eng.mean_ms / 1e9, "tflops_do_bench": w.flops / db_mean / 1e9}
            rows.append(row); log(row)
            del x
        return rows
    section("engine_vs_do_bench", vs_do_bench)

    # 4. misaligned shapes get the padded shape measured beside them
    def misaligned():
        out = []
        shapes = [(8192, 8192, 8190), (8190, 8190, 8190), (4096, 4096, 4095), (8191, 8192, 8192)] if not smoke else [(254, 256, 250)]
        for shape in shapes:
            v = scout.detect_ceiling("gemm", shape, "bf16")
            rep = report_from_verdict(v, scout.environment.to_dict()).to_dict()
            out.append(rep); log(shape, rep["approach"], rep["recommendation"], rep["evidence"])
        return out
    section("misaligned", misaligned)

    # 5. other precisions at 8192^3 (fp8 via _scaled_mm, tf32, fp32 with TF32 off, fp16, int8) and a small shape
    def others():
        out = []
        cases = [(big, p) for p in ["fp16", "fp8", "tf32", "fp32", "int8"]] + [((1024, 1024, 1024), "bf16"), ((16, 8192, 8192), "bf16")]
        for shape, p in cases:
            v = scout.detect_ceiling("gemm", shape, p)
            rep = report_from_verdict(v, scout.environment.to_dict()).to_dict()
            out.append(rep); log(shape, p, rep["baseline_tflops"], rep["efficiency"], rep["approach"], rep["method"].get("timer"))
        return out
    section("other_precisions", others)

    # 6. sustained load: 8192x8192x196608 bf16, 200 timed calls (> 5 s), compared with the sustained ceiling
    def sustained():
        shape = (8192, 8192, 196608) if not smoke else (256, 256, 4096)
        v = scout.detect_ceiling("gemm", shape, "bf16")
        rep = report_from_verdict(v, scout.environment.to_dict()).to_dict()
        log(shape, rep["regime"], rep["baseline_tflops"], rep["ceiling_tflops"], rep["efficiency"], rep["telemetry"])
        return rep
    section("sustained_gemm", sustained)

    result["total_s"] = time.time() - t_start
    save()
    log("\n=== summary ===")
    h = result["sections"].get("headline_8192_bf16", {})
    if h: log(f"8192^3 bf16: fixed {h['fixed']['report']['baseline_tflops']:.1f} TFLOPS eff {h['fixed']['report']['efficiency']:.3f} -> {h['fixed']['report']['approach']}; adaptive diff {h['adaptive_vs_fixed_mean_diff']:+.4f}; GPU time saved {h['gpu_time_s']['saved_fraction']:.1%}")
    for r in result["sections"].get("engine_vs_do_bench", []) or []:
        if isinstance(r, dict) and "diff_mean" in r: log(f"do_bench {r['shape']} {r['precision']}: engine {r['engine_mean_ms']:.4f} vs {r['do_bench_mean_ms']:.4f} ms ({r['diff_mean']:+.2%})")
    log("errors:", [e["section"] for e in result["errors"]], "total", round(result["total_s"], 1), "s")

if __name__ == "__main__": main()
