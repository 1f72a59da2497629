"""Method checks on a real GPU with the engine as shipped (issue 2's "done when", re-run after the spin-kernel hold landed):

1. the engine's time for the same GEMMs against `triton.testing.do_bench` in the same process (5 interleaved rounds);
2. fixed (20 + 200) against adaptive (95 % CI <= 0.5 %) at 8192^3 bf16, after the default 0.2 s settle and after a 3 s
   settle, interleaved, with the GPU time each took and the clocks/power behind each;
3. (issue 33) short calls from real models (`--cases medium`: calls of about 20-500 µs), each after 1 s idle, warmed up by the default (25 ms for a call under
   SHORT_CALL_US) against 0.2 s, interleaved rounds, and the power each draws run back to back for 1.5 s.

`--sections 1,3` runs some of them. Writes one recording (ceiling_scout.recorded/1, through benchmarks/_harness.py) with provenance (command, date,
environment incl. code commit, nvidia-smi) to --out; the measurements are under `extra`.

    CEILING_SCOUT_COMMIT=<sha> PYTHONPATH=. python benchmarks/gpu_method_checks.py --out $OUT/gpu_method_checks.json
    PYTHONPATH=. python benchmarks/gpu_method_checks.py --smoke --out /tmp/x.json     # CPU check of the script itself
"""
import argparse, os, statistics as st, sys, time
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch
from ceiling_scout.engine.core import capture_environment
from ceiling_scout.engine.timing import measure
from ceiling_scout.engine.workloads import make_workload



def main():
    ap = script_parser("gpu_method_checks", rounds=5)
    ap.add_argument("--sections", default="1,2,3", help="which numbered checks to run")
    ap.add_argument("--cases", default="short", choices=("short", "medium", "memory"),
                    help="section 3's calls: short (under SHORT_CALL_US) or medium (about 20-500 µs, from CNNs and decoders)")
    ap.add_argument("--after-baseline", action="store_true",
                    help="section 3: each timing follows a run of the same call (as another backend follows its "
                         "baseline, 07_scout's warm=True) instead of 1 s idle, and is warmed up 25 ms against 0.2 s")
    ap.add_argument("--short", action="store_true", help="section 3: compare 25 ms (not the default) against 0.2 s")
    args = ap.parse_args()
    want = set(args.sections.split(","))
    smoke = args.smoke or not torch.cuda.is_available()
    dev = "cpu" if smoke else "cuda"
    run = JsonRun(args.out, "benchmarks/gpu_method_checks.py", 2, environment=capture_environment(dev).to_dict())
    res, save, section = run.result, run.save, run.section

    def gemm(shape, prec):
        w = make_workload("gemm", shape, prec)
        x = w.make_inputs(dev, seed=0)
        be = w.backends(dev)[w.default_backend]
        with w.precision_context(): chk = w.check(be.fn(x), x)  # correctness first: never time an unchecked kernel
        if not chk.passed: raise RuntimeError(f"{shape} {prec} failed its check: {chk}")
        return w, (lambda: be.fn(x)), chk

    def tel(m):
        t = m.telemetry
        return {"sm_mhz_median": t.sm_clock_mhz_median, "sm_mhz_min": t.sm_clock_mhz_min, "power_w_median": t.power_w_median,
                "throttle": list(t.throttle_reasons)} if t.available else None

    # 1. engine (as shipped, fixed 20 + 200, L2 flushed like do_bench) vs do_bench (mean), interleaved rounds
    def vs_do_bench():
        if smoke: do_bench = lambda fn, warmup, rep, return_mode: measure(fn, dev, warmup=2, iters=10).mean_ms
        else: from triton.testing import do_bench
        shapes = [((256, 256, 256), "bf16")] if smoke else [((2048,) * 3, "bf16"), ((4096,) * 3, "bf16"), ((8192,) * 3, "bf16"),
                                                          ((8192,) * 3, "fp16"), ((16384, 8192, 8192), "bf16")]
        rows = []
        for shape, prec in shapes:
            w, fn, chk = gemm(shape, prec)
            rounds = []
            for r in range(args.rounds):
                eng = measure(fn, dev, warmup=20, iters=200, flush_l2=True)
                db = do_bench(fn, warmup=25, rep=100, return_mode="mean")
                rounds.append({"engine_mean_ms": eng.mean_ms, "engine_median_ms": eng.stats.median_ms, "do_bench_mean_ms": db,
                               "engine_hold_us": eng.method.get("hold_us"), "engine_timer": eng.method.get("timer"), "telemetry": tel(eng)})
            e = st.median(r["engine_mean_ms"] for r in rounds); d = st.median(r["do_bench_mean_ms"] for r in rounds)
            row = {"shape": list(shape), "precision": prec, "check_rel_err": chk.rel_error, "engine_mean_ms": e, "do_bench_mean_ms": d,
                   "diff_mean": e / d - 1, "per_round_diff": [r["engine_mean_ms"] / r["do_bench_mean_ms"] - 1 for r in rounds],
                   "tflops_engine": w.flops / e / 1e9, "tflops_do_bench": w.flops / d / 1e9, "rounds": rounds}
            rows.append(row); log(f"{shape} {prec}: engine {e:.4f} ms, do_bench {d:.4f} ms, {row['diff_mean']:+.2%}")
            save()
        return rows
    if "1" in want: section("engine_vs_do_bench", vs_do_bench)

    # 2. fixed vs adaptive at 8192^3 bf16 after a 0.2 s (default) and a 3 s settle, interleaved
    def fixed_vs_adaptive():
        shape, prec = ((256, 256, 256), "bf16") if smoke else ((8192,) * 3, "bf16")
        w, fn, chk = gemm(shape, prec)
        settles = [0.2, 3.0]
        runs = []
        for r in range(3):
            for settle in settles:
                for mode in ["fixed", "adaptive"]:
                    t0 = time.perf_counter()
                    m = measure(fn, dev, mode=mode, warmup=20, iters=200, target_rel_ci=0.005, max_time_s=4.0 if smoke else 20.0,
                                warmup_min_s=settle, flush_l2=False)
                    wall = time.perf_counter() - t0
                    runs.append({"round": r, "settle_s": settle, "mode": mode, "mean_ms": m.mean_ms, "tflops": m.tflops(w.flops),
                                 "n": m.stats.n, "ci95_rel": m.stats.ci95_rel, "stopped_because": m.method["stopped_because"],
                                 "timed_s": m.duration_s, "wall_s_incl_warmup": wall, "warmup_calls": m.method.get("warmup_calls"),
                                 "regime": m.regime, "telemetry": tel(m)})
                    log(f"round {r} settle {settle}s {mode}: {m.mean_ms:.4f} ms ({m.tflops(w.flops):.1f} TFLOPS), n={m.stats.n}, "
                        f"timed {m.duration_s:.2f} s, wall {wall:.2f} s, {tel(m)}")
                    save()
        summary = {}
        for settle in settles:
            f = [x for x in runs if x["settle_s"] == settle and x["mode"] == "fixed"]
            a = [x for x in runs if x["settle_s"] == settle and x["mode"] == "adaptive"]
            fm, am = st.median(x["mean_ms"] for x in f), st.median(x["mean_ms"] for x in a)
            summary[str(settle)] = {"fixed_median_of_means_ms": fm, "adaptive_median_of_means_ms": am, "adaptive_vs_fixed": am / fm - 1,
                                    "fixed_wall_s": st.mean(x["wall_s_incl_warmup"] for x in f),
                                    "adaptive_wall_s": st.mean(x["wall_s_incl_warmup"] for x in a),
                                    "fixed_sm_mhz": st.median(x["telemetry"]["sm_mhz_median"] for x in f) if f[0]["telemetry"] else None,
                                    "adaptive_sm_mhz": st.median(x["telemetry"]["sm_mhz_median"] for x in a) if a[0]["telemetry"] else None}
            log(f"settle {settle}s: adaptive vs fixed {summary[str(settle)]['adaptive_vs_fixed']:+.2%}, wall fixed "
                f"{summary[str(settle)]['fixed_wall_s']:.2f} s, adaptive {summary[str(settle)]['adaptive_wall_s']:.2f} s")
        # across settles: does a settled fixed run agree with an unsettled adaptive one (what a user would compare)?
        summary["fixed_settled_vs_adaptive_default"] = summary["3.0"]["fixed_median_of_means_ms"] / summary["0.2"]["adaptive_median_of_means_ms"] - 1
        return {"shape": list(shape), "precision": prec, "check_rel_err": chk.rel_error, "summary": summary, "runs": runs}
    if "2" in want: section("fixed_vs_adaptive", fixed_vs_adaptive)

    # 3. short calls: the default warm-up (25 ms under SHORT_CALL_US) against 0.2 s, each after 1 s idle, interleaved
    def short_warmup():
        from ceiling_scout.engine.benchmark import run_backend
        from ceiling_scout.engine.timing import SHORT_CALL_US, SHORT_WARMUP_S
        cases = [("gemm", (64, 1000, 1280), {}), ("gemm", (8, 2048, 2048), {}), ("gemm", (1024,) * 3, {}),
                 ("rmsnorm", (8, 2048), {}), ("layernorm", (64, 768), {}), ("elementwise", (8, 5632), {"kind": "silu_mul"}),
                 ("conv2d", (32, 96, 1, 1, 24, 1, 1), {}), ("gemm", (4096,) * 3, {})]
        if args.cases == "memory":   # memory-bound calls of 20-500 µs (07_scout warms their baselines up 25 ms)
            cases = [("layernorm", (8192, 4096), {}), ("rmsnorm", (16384, 4096), {}), ("softmax", (8192, 8192), {}),
                     ("elementwise", (32 * 112 * 112, 96), {"kind": "silu_mul"}), ("elementwise", (32 * 56 * 56, 144), {"kind": "silu"}),
                     ("layernorm", (2048, 768), {}), ("elementwise", (4096, 11008), {"kind": "silu_mul"})]
        if args.cases == "medium":   # EfficientNet-B0 / ResNet-50 at batch 32, a decoder's MLP, a big norm
            cases = [("conv2d", (32, 32, 112, 112, 32, 3, 3), {"groups": 32}), ("conv2d", (32, 144, 56, 56, 24, 1, 1), {}),
                     ("conv2d", (32, 64, 56, 56, 64, 3, 3), {}), ("gemm", (2048,) * 3, {}), ("gemm", (512, 11008, 4096), {}),
                     ("layernorm", (8192, 4096), {}), ("elementwise", (32 * 112 * 112, 96), {"kind": "silu_mul"}),
                     ("gemm", (4096,) * 3, {})]
        if smoke: cases = cases[:2]
        rows, first = [], SHORT_WARMUP_S if args.after_baseline or args.short else None   # compared with 0.2 s
        for op, shape, ex in cases:
            w = make_workload(op, shape, "bf16" if not smoke else "fp32", **ex)
            runs = []
            for r in range(args.rounds):
                for warm in (first, 0.2):
                    if args.after_baseline: run_backend(w, dev, energy_s=0, warmup_min_s=0.2)   # the baseline
                    elif not smoke: time.sleep(1.0)   # idle first: the ramp from idle clocks is what the warm-up is for
                    b = run_backend(w, dev, energy_s=0, warmup_min_s=warm)
                    if not b.ok: raise RuntimeError(f"{w.describe()}: {b.status} {b.error}")
                    m = b.measurement
                    runs.append({"round": r, "warmup_min_s": warm, "mean_ms": m.mean_ms, "median_ms": m.stats.median_ms,
                                 "ci95_rel": m.stats.ci95_rel, "warmup_s": m.method.get("warmup_s"),
                                 "probe_us": m.method.get("probe_us"), "telemetry": tel(m)})
            fn = w.backends(dev)[w.default_backend].fn; x = w.make_inputs(dev, seed=1)
            t_end, n = time.perf_counter() + 1.5, 0
            while time.perf_counter() < t_end: fn(x); n += 1
            power = torch.cuda.power_draw() / 1e3 if not smoke else None   # W, NVML's ~1 s average at the end of the loop
            if not smoke: torch.cuda.synchronize()
            med = lambda warm, k: st.median(x[k] for x in runs if x["warmup_min_s"] == warm)
            row = {"workload": w.describe(), "default_median_of_means_ms": med(first, "mean_ms"),
                   "warm_0.2_median_of_means_ms": med(0.2, "mean_ms"), "default_warmup_s": med(first, "warmup_s"),
                   "after_baseline": args.after_baseline, "compared_warmup_s": first,
                   "warm_0.2_warmup_s": med(0.2, "warmup_s"), "power_w_back_to_back": power, "calls_in_1.5_s": n,
                   "short_call_us": SHORT_CALL_US, "short_warmup_s": SHORT_WARMUP_S, "runs": runs}
            row["default_vs_0.2"] = row["default_median_of_means_ms"] / row["warm_0.2_median_of_means_ms"] - 1
            rows.append(row); save()
            log(f"{row['workload']}: default {row['default_median_of_means_ms']*1e3:.2f} µs (warm-up "
                f"{row['default_warmup_s']:.3f} s) vs 0.2 s {row['warm_0.2_median_of_means_ms']*1e3:.2f} µs: "
                f"{row['default_vs_0.2']:+.2%}; back to back {power} W")
        return rows
    if "3" in want: section("short_warmup", short_warmup)

    res["total_seconds"] = round(sum(res["section_seconds"].values()), 1)
    save()
    log(f"\nwrote {args.out} ({res['total_seconds']} s; errors: {len(res['errors'])})")
    return 1 if res["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
