"""K-dimension sweeps and a square-size sweep on a real GPU (issue 3). Writes one `ceiling_scout.recorded/1` JSON with
provenance to --out (default $OUT/gpu_ksweep.json), rewritten after every point so nothing finished is lost.

    PYTHONPATH=. python3 benchmarks/gpu_ksweep.py --out $OUT/gpu_ksweep.json
    PYTHONPATH=. python3 benchmarks/gpu_ksweep.py --smoke --out /tmp/gpu_ksweep_smoke.json   # CPU check of the script, < 1 min

Cases, in order: the seeds' K sweep (M=N=8192, K=65536..262144 step 16384, 13 points) in fp16 then bf16, each in fixed
mode (seeds' 20 warm-up + 200 timed) and in adaptive mode (95% CI <= 0.5%); then square GEMMs 1024..16384 in bf16 and fp16
(fixed mode). Every point is checked against a float64 reference before it is timed and judged against the measured ceiling
of its own load regime (burst, or sustained when its timed loop lasts >= 5 s). Needs no plotly.
"""
import argparse, json, os, sys, time, traceback, datetime as dt
from dataclasses import replace
from pathlib import Path
import torch
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
from ceiling_scout.modes.ksweep import k_dimension_sweep, k_values, summarize_k_sweep, point_gpu_time_s
from ceiling_scout.render.sweep_text import format_k_sweep, fmt_tflops
from ceiling_scout.engine.report import report_from_verdict
from ceiling_scout.engine.workloads import make_workload
from ceiling_scout.reports.recorded import write_recorded
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import nvidia_smi, log

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), "gpu_ksweep.json"))
    ap.add_argument("--smoke", action="store_true", help="tiny shapes on the CPU (checks the script itself in < 1 min)")
    ap.add_argument("--precisions", default="fp16,bf16"); ap.add_argument("--modes", default="fixed,adaptive")
    ap.add_argument("--no-square", action="store_true", help="skip the square-size sweep")
    args = ap.parse_args()
    t_start = time.time()
    smoke = args.smoke or not torch.cuda.is_available()
    device = "cpu" if smoke else "auto"
    out = Path(args.out); cache = str(out.with_name(out.stem + "_ceilings_cache.json"))
    M = N = 128 if smoke else 8192
    ks = [64, 128, 192] if smoke else k_values()                      # seeds: 65536..262144 step 16384 (13 points)
    squares = [64, 128] if smoke else [1024, 2048, 4096, 6144, 8192, 12288, 16384]
    precisions = ["bf16"] if smoke else args.precisions.split(",")   # fp16 matmul is emulated (slow) on the CPU
    modes = args.modes.split(",")
    search = dict(shapes=[(128, 128, 128)], per_shape_s=0.05, sustained_s=6.0) if smoke else {}
    counts = dict(warmup=2, iters=10) if smoke else dict(warmup=20, iters=200)

    prov = {"command": " ".join(["python3"] + sys.argv), "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
            "issue": 3, "script": "benchmarks/gpu_ksweep.py", "smoke": smoke,
            "cases": {"M": M, "N": N, "ks": ks, "precisions": precisions, "modes": modes, "squares": [] if args.no_square else squares, **counts}}
    prov["nvidia_smi"] = nvidia_smi()
    scouts = {m: CeilingScout(ScoutConfig(device, MeasureConfig(mode=m, max_time_s=60.0, **counts),
                                          SearchConfig(**search),
                                       cache=cache), log=log) for m in modes}
    prov["environment"] = next(iter(scouts.values())).environment.to_dict()
    log(prov["environment"])
    reports, extra = [], {"k_sweeps": [], "square_sweeps": [], "errors": [], "section_seconds": {}}

    def save():
        ceilings = {}
        for s in scouts.values():
            for (p, regime), c in s._ceilings.items(): ceilings[f"{p}/{regime}"] = c
        extra["total_s"] = round(time.time() - t_start, 1)
        write_recorded(out, prov, ceilings, reports, extra)

    def section(name, fn):
        log(f"\n=== {name} ===")
        t0 = time.time()
        try: fn()
        except Exception as e:
            extra["errors"].append({"section": name, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()[-2000:]})
            log(traceback.format_exc())
        extra["section_seconds"][name] = round(time.time() - t0, 1)
        save()

    # 1. the seeds' K sweep, per precision and mode; the file is rewritten after every point
    for prec in precisions:
        for mode in modes:
            def ksweep(prec=prec, mode=mode):
                log(f"Running K-dimension sweep for M={M}, N={N} ({prec}, {mode})...")
                t0 = time.time()
                def on_point(rep, res):
                    reports.append(rep); save()
                res = k_dimension_sweep(scouts[mode], M, N, prec, ks, progress=False, log=log, on_point=on_point)
                s = {**res.summary, "sweep_id": res.sweep_id, "section_wall_s": round(time.time() - t0, 1), "interrupted": res.interrupted}
                extra["k_sweeps"].append(s)
                log(format_k_sweep(res))
            section(f"k_sweep_{prec}_{mode}", ksweep)

    # 2. square sizes, fixed mode
    if not args.no_square:
        for prec in precisions:
            def square(prec=prec):
                sc = scouts.get("fixed") or next(iter(scouts.values()))
                rows = []
                for n in squares:
                    t0 = time.time()
                    try:
                        v = sc.analyze(make_workload("gemm", (n, n, n), prec))
                        rep = report_from_verdict(v, sc.environment.to_dict())
                    except Exception as e:
                        extra["errors"].append({"section": f"square_{prec}", "shape": n, "error": f"{type(e).__name__}: {e}"}); continue
                    rep = replace(rep, evidence={**rep.evidence, "square_sweep": {"precision": prec, "n": n, "wall_s": round(time.time() - t0, 3)}})
                    reports.append(rep); save()
                    rows.append({"n": n, "tflops": rep.baseline_tflops, "efficiency": rep.efficiency, "approach": rep.approach, "regime": rep.regime,
                                 "status": rep.status, "gpu_time_s": point_gpu_time_s(rep)})
                    log(f"  {n}^3 {prec}: {fmt_tflops(rep.baseline_tflops)} TFLOPS, eff {rep.efficiency if rep.efficiency is None else round(rep.efficiency, 3)}, {rep.approach}")
                extra["square_sweeps"].append({"precision": prec, "rows": rows})
            section(f"square_{prec}", square)

    save()
    log("\n=== Summary: K sweeps (M=N=%d) ===" % M)
    log(f"{'prec':5} {'mode':9} {'ok':>5} {'peak TFLOPS':>12} {'at K':>7} {'range':>17} {'mean':>7} {'eff range':>13} {'regimes':>22} {'GPU s':>7} {'wall s':>7}")
    for s in extra["k_sweeps"]:
        if s.get("peak_tflops") is None: log(f"{s['precision']:5} {s.get('mode')}: no point ran"); continue
        rng = f"{fmt_tflops(s['min_tflops'])}-{fmt_tflops(s['max_tflops'])}"
        eff = f"{s['efficiency_min']:.1%}-{s['efficiency_max']:.1%}" if s.get("efficiency_min") is not None else "n/a"
        log(f"{s['precision']:5} {s['mode']:9} {s['ok_points']:>2}/{s['points']:<2} {fmt_tflops(s['peak_tflops']):>12} {s['peak_k']:>7} {rng:>17} "
            f"{fmt_tflops(s['mean_tflops']):>7} {eff:>13} {json.dumps(s['regimes']):>22} {s['gpu_time_s']:>7.1f} {s['wall_s']:>7.1f}")
    for sq in extra["square_sweeps"]:
        log(f"square {sq['precision']}: " + ", ".join(f"{r['n']}: {fmt_tflops(r['tflops'])}" for r in sq["rows"]))
    if extra["errors"]: log(f"errors: {json.dumps(extra['errors'], indent=1)[:3000]}")
    log(f"total {time.time() - t_start:.0f} s; wrote {out}")

if __name__ == "__main__":
    main()
