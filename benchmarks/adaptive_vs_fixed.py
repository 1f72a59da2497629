"""Adaptive stopping against the classic fixed method (20 warm-up + 200 timed calls) on the 13-point K sweep (issue 9,
item 6): GPU time and the rates each finds, the two interleaved per point in one run.

For every K (M = N = 8192, K = 65536..262144 step 16384, fp16 by default) the library GEMM is checked once against its
float64 reference, then timed twice on the same inputs: `measure(mode="fixed", warmup=20, iters=200)` and
`measure(stop=<criterion>)` (default `stdrel`: relative stdev of the mean <= 0.5 %, >= 10 samples and 0.5 s, warm-up
by time until the times settle). The order alternates from point to point (fixed first at even points, adaptive first
at odd ones), so neither method always follows the other's heat. Each measurement records its GPU time two
ways: the wall time of the `measure` call with the GPU synchronised at both ends (`wall_s`, the figure the goal
uses), and the calls it made times the mean call (`calls_s`: warm-up + dropped + timed); with its rate, CI, regime
read from the clocks, the share of NVML samples at the power cap, and why it stopped. The summary gives the
GPU-time ratio fixed / adaptive and the peak (highest TFLOPS over K) each method found. Goal: ratio >= 5 and peaks
within 1 %.

Writes one `ceiling_scout.recorded/1` JSON (benchmarks/_harness.py: provenance, rewritten after every point):

    PYTHONPATH=. python3 benchmarks/adaptive_vs_fixed.py --out $OUT/adaptive_vs_fixed.json         # GPU, ~2.5 min (5 s pre-heat first)
    PYTHONPATH=. python3 benchmarks/adaptive_vs_fixed.py --smoke --out /tmp/avf_smoke.json          # CPU, seconds
"""
import os, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser   # before torch: NCCL settings
import gc, statistics
import torch
from ceiling_scout.engine.timing import measure, STOPPING_CRITERIA
from ceiling_scout.engine.workloads import make_workload, wants_l2_flush

PEAK_TOLERANCE = 0.01    # the goal: the adaptive peak within 1 % of the fixed one
TIME_RATIO_GOAL = 5.0    # ... using at least 5x less GPU time


def _sync(dev):
    if dev.type == "cuda": torch.cuda.synchronize(dev)


def timed(fn, dev, **kw) -> tuple:
    "`measure(fn, dev, **kw)` and its wall time with the device synchronised at both ends (s)."
    _sync(dev); t0 = time.perf_counter()
    m = measure(fn, dev, **kw)
    _sync(dev)
    return m, time.perf_counter() - t0


def row(m, wall_s: float, flops: float) -> dict:
    "The figures of one measurement that the comparison needs."
    me, st, tel = m.method, m.stats, m.telemetry
    inner = max(1, me.get("graph_inner") or 1)
    calls = (me.get("warmup_calls") or 0) + (me.get("discarded_calls") or 0) + st.n * inner
    return {"tflops": m.tflops(flops), "mean_ms": st.mean_ms, "median_ms": st.median_ms, "cv": st.cv,
            "ci95_rel": st.ci95_rel, "n": st.n, "warmup_calls": me.get("warmup_calls"), "warmup_s": me.get("warmup_s"),
            "warmup_rule": me.get("warmup_rule"), "warmup_note": me.get("warmup_note"),
            "discarded_calls": me.get("discarded_calls", 0), "timed_s": m.duration_s, "wall_s": wall_s,
            "calls_s": calls * st.mean_ms / 1e3, "stopped_because": me.get("stopped_because"), "stop": me.get("stop"),
            "regime": m.regime, "regime_basis": m.regime_basis, "clock_regime": tel.regime,
            "power_cap_fraction": tel.power_cap_fraction, "held_fraction": tel.held_fraction,
            "boost_fraction": tel.boost_fraction, "sm_clock_mhz_mean": tel.sm_clock_mhz_mean,
            "sm_clock_mhz_stdev": tel.sm_clock_mhz_stdev, "settled": tel.settled, "regime_reason": tel.regime_reason,
            "throttle_reasons": list(tel.throttle_reasons), "timer": me.get("timer")}


def point(run: JsonRun, dev, M: int, N: int, K: int, prec: str, stop: str, i: int, fixed_kw: dict, adaptive_kw: dict):
    "Check one K once, then time it fixed and adaptive (order alternating with `i`); append the row."
    w = make_workload("gemm", (M, N, K), prec)
    x = w.make_inputs(dev, seed=0)
    be = next(iter(w.backends(dev).values()))
    try:
        with w.precision_context():
            chk = w.check(be.fn(x), x)
            if not chk.passed: raise RuntimeError(f"{be.name} failed its check at K={K}: {chk.rel_error:.3g}")
            flush = wants_l2_flush(w, dev)
            fn = lambda: be.fn(x)
            order = ("fixed", "adaptive") if i % 2 == 0 else ("adaptive", "fixed")
            out = {"K": K, "order": list(order), "check_rel_error": chk.rel_error, "flush_l2": flush}
            for which in order:
                kw = fixed_kw if which == "fixed" else adaptive_kw
                m, wall = timed(fn, dev, flush_l2=flush, **kw)
                out[which] = row(m, wall, w.flops)
    finally:
        del x; gc.collect()
        if dev.type == "cuda": torch.cuda.empty_cache()
    out["adaptive_vs_fixed_rate"] = out["adaptive"]["tflops"] / out["fixed"]["tflops"] - 1
    run.result["points"].append(out); run.save()
    f, a = out["fixed"], out["adaptive"]
    log(f"K={K:>7}  fixed {f['tflops']:8.4g} TFLOPS ({f['n']} calls, {f['wall_s']:5.2f} s, {f['regime']}, held "
        f"{_pct(f['held_fraction'])})  {stop} {a['tflops']:8.4g} ({a['n']} calls, {a['wall_s']:5.2f} s, "
        f"{a['regime']}, held {_pct(a['held_fraction'])})  diff {out['adaptive_vs_fixed_rate']:+.2%}")


def preheat(dev, M: int, N: int, K: int, prec: str, seconds: float) -> float:
    "Run the GEMM back to back for `seconds` (untimed), so the first point starts as warm as the later ones."
    w = make_workload("gemm", (M, N, K), prec)
    x = w.make_inputs(dev, seed=1)
    be = next(iter(w.backends(dev).values()))
    t0 = time.perf_counter()
    with w.precision_context():
        while time.perf_counter() - t0 < seconds:
            for _ in range(10): be.fn(x)
            _sync(dev)
    del x; gc.collect(); torch.cuda.empty_cache()
    return round(time.perf_counter() - t0, 2)


def _pct(v) -> str: return "n/a" if v is None else f"{v:.0%}"


def fail(msg: str):
    "A bad argument: one line on stderr, exit status 2."
    print(f"adaptive_vs_fixed.py: {msg}", file=sys.stderr); sys.exit(2)


def summarize_run(points: list[dict]) -> dict:
    "GPU-time totals and ratio, the peak each method found, and whether the goal holds."
    if not points: return {"points": 0}
    tot = lambda key, which: sum(p[which][key] for p in points)
    peak = {w: max(points, key=lambda p: p[w]["tflops"]) for w in ("fixed", "adaptive")}
    s = {"points": len(points),
         "fixed_wall_s": tot("wall_s", "fixed"), "adaptive_wall_s": tot("wall_s", "adaptive"),
         "fixed_calls_s": tot("calls_s", "fixed"), "adaptive_calls_s": tot("calls_s", "adaptive"),
         "fixed_peak_tflops": peak["fixed"]["fixed"]["tflops"], "fixed_peak_k": peak["fixed"]["K"],
         "adaptive_peak_tflops": peak["adaptive"]["adaptive"]["tflops"], "adaptive_peak_k": peak["adaptive"]["K"],
         "max_abs_point_diff": max(abs(p["adaptive_vs_fixed_rate"]) for p in points),
         "median_point_diff": statistics.median(p["adaptive_vs_fixed_rate"] for p in points),
         "regimes": {w: sorted({p[w]["regime"] for p in points}) for w in ("fixed", "adaptive")}}
    s["wall_ratio"] = s["fixed_wall_s"] / s["adaptive_wall_s"] if s["adaptive_wall_s"] else None
    s["calls_ratio"] = s["fixed_calls_s"] / s["adaptive_calls_s"] if s["adaptive_calls_s"] else None
    s["peak_diff"] = s["adaptive_peak_tflops"] / s["fixed_peak_tflops"] - 1
    s["goal_met"] = bool(s["wall_ratio"] and s["wall_ratio"] >= TIME_RATIO_GOAL
                         and abs(s["peak_diff"]) <= PEAK_TOLERANCE)
    return s


def main():
    ap = script_parser("adaptive_vs_fixed")
    ap.add_argument("--stop", default="stdrel", help=f"the adaptive criterion: one of {', '.join(STOPPING_CRITERIA)}")
    ap.add_argument("--precision", default="fp16")
    ap.add_argument("--preheat-s", type=float, default=5.0,
                    help="GPU: run the first K back to back this long before the first point (not counted)")
    ap.add_argument("--ks", help="comma-separated K values (default 65536..262144 step 16384; smoke: 64,128,192)")
    args = ap.parse_args()
    if args.stop not in STOPPING_CRITERIA or args.stop == "fixed":
        fail(f"--stop must be an adaptive criterion ({', '.join(k for k in STOPPING_CRITERIA if k != 'fixed')}); "
                 f"got {args.stop!r}")
    smoke = args.smoke or not torch.cuda.is_available()
    dev = torch.device("cpu" if smoke else "cuda")
    if smoke: torch.set_num_threads(1)   # tiny matmuls on a shared machine: threads only wait for each other
    M = N = 64 if smoke else 8192
    try: ks = [int(k) for k in args.ks.split(",")] if args.ks else None
    except ValueError: fail(f"--ks must be comma-separated positive ints; got {args.ks!r}")
    ks = ks or ([64, 128, 192] if smoke else list(range(65536, 262144 + 1, 16384)))
    if any(k <= 0 for k in ks): fail(f"--ks must be comma-separated positive ints; got {args.ks!r}")
    prec = "fp32" if smoke else args.precision           # fp16 matmul is emulated (slow) on the CPU
    fixed_kw = dict(mode="fixed", warmup=20, iters=200)   # the classic fixed method, also in smoke mode
    adaptive_kw = dict(stop=args.stop)
    if smoke: adaptive_kw.update(warmup_rule="settle", warmup_min_s=0.02, warmup_max_s=0.2, max_time_s=0.5)
    run = JsonRun(args.out, "benchmarks/adaptive_vs_fixed.py", 9, device=dev.type, smoke=smoke,
                  cases={"M": M, "N": N, "ks": ks, "precision": prec, "fixed": fixed_kw,
                         "adaptive": {k: v for k, v in adaptive_kw.items()}})
    run.result["points"] = []
    log(f"adaptive ({args.stop}) vs fixed (20 + 200) on {dev}: M=N={M}, {len(ks)} K values, {prec}")
    if args.preheat_s > 0 and not smoke:   # both methods start from the heat of a running sweep, not a cool GPU
        run.result["preheat_s"] = preheat(dev, M, N, ks[0], prec, args.preheat_s)
    for i, K in enumerate(ks):
        run.section(f"K={K}", lambda i=i, K=K: point(run, dev, M, N, K, prec, args.stop, i, fixed_kw, adaptive_kw))
    s = summarize_run(run.result["points"])
    run.result["summary"] = s; run.save()
    if s.get("points"):
        log(f"\nGPU time (wall, synchronised): fixed {s['fixed_wall_s']:.1f} s, adaptive {s['adaptive_wall_s']:.1f} s "
            f"-> {s['wall_ratio']:.2f}x less (calls x mean: {s['calls_ratio']:.2f}x)")
        log(f"peak: fixed {s['fixed_peak_tflops']:.4g} TFLOPS at K={s['fixed_peak_k']}, adaptive "
            f"{s['adaptive_peak_tflops']:.4g} at K={s['adaptive_peak_k']} ({s['peak_diff']:+.2%}); largest point "
            f"difference {s['max_abs_point_diff']:.2%}; regimes {s['regimes']}")
        log(f"goal (>= {TIME_RATIO_GOAL:g}x less GPU time, peak within {PEAK_TOLERANCE:.0%}): "
            f"{'met' if s['goal_met'] else 'NOT met'}")
    log(f"total {run.elapsed_s:.0f} s; wrote {args.out} (errors: {[e['section'] for e in run.result['errors']]})")
    return 0 if not run.result["errors"] else 1


if __name__ == "__main__":
    sys.exit(main())
