"""Issue 38: the engine's number beside `triton.testing.do_bench`, `torch.utils.benchmark.Timer` and nvbench (the
`cuda-bench` Python bindings, where they import), on the same checked callables, in interleaved rounds.

Each case's call is checked against its float64 reference first, then, every round, in a rotating order:
- `engine`: `measure` as the CLI runs it (fixed 20 + 200, the L2 flushed where the working set could stay cached);
- `engine_host`: the CLI's 1 s back-to-back window after the timed one (`measure_energy`: wall time per call, the
  host's launches included, as Timer reads it);
- `engine_dobench`: the CLI's do_bench-style window (`measure_gapped`, do_bench's loop written out);
- `engine_b2b`: the engine back to back (no flush, no spin hold, events around each call);
- `do_bench`: `do_bench(fn, warmup=25, rep=100, return_mode="mean")` (its own flush of 256 MB before each call), and
  `do_bench_again`, the same call once more in the round (do_bench against itself: the noise floor of a comparison);
- `timer`: `Timer("fn()").blocked_autorange(min_run_time=0.2)`, its mean (back to back, synchronised per block), and
  `timer_1s`, the same with `min_run_time=1.0` (the length of the engine's back-to-back window);
- `nvbench`: a child process timing every case with nvbench's defaults (cold: L2 flushed, blocking kernel; batch:
  back to back), once a round, each case with its own NVML window and nvbench's own SM clock and duty cycle.
Every timer starts after `--gap` seconds idle (0.3). Every timer has its own NVML window (SM clock, board power, the
power cap's share of the samples) and its SM clock as the SMs counted it (`sm_mhz_stamped`: each SM's clock64 over the
global timer between a Triton stamp kernel before and after the timer), so a difference can be laid to the clock, the
duty cycle, the flush or the statistic. Writes one `ceiling_scout.recorded/1`
file (provenance: command, date, device, driver, torch/CUDA, code commit).

    CEILING_SCOUT_COMMIT=<sha> PYTHONPATH=. python benchmarks/timer_agreement.py --out $OUT/timer_agreement.json
    PYTHONPATH=. python benchmarks/timer_agreement.py --smoke --out /tmp/ta.json   # CPU: engine and Timer only
"""
import json, os, statistics as st, subprocess, sys, tempfile, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch

CASES = {"gemm 1024^3": ("gemm", "1024,1024,1024", {}), "gemm 2048^3": ("gemm", "2048,2048,2048", {}),
         "gemm 4096^3": ("gemm", "4096,4096,4096", {}), "gemm 8192^3": ("gemm", "8192,8192,8192", {}),
         "attention 4x16x1024x128": ("attention", "4,16,1024,128", {}),
         "attention 1x8x512x64": ("attention", "1,8,512,64", {}), "rmsnorm 8192x8192": ("rmsnorm", "8192,8192", {})}
SMOKE = {"gemm 128^3": ("gemm", "128,128,128", {}), "rmsnorm 256x512": ("rmsnorm", "256,512", {})}


def checked(op, shape, prec, extras, dev):
    "(workload, fn) for the default backend, checked against its reference on fresh random inputs first."
    import ceiling_scout.cli  # noqa: F401  (registers the operations)
    from ceiling_scout.engine.workloads import make_workload
    w = make_workload(op, shape, prec, **extras)
    x = w.make_inputs(dev, seed=0); be = w.backends(dev)[w.default_backend]
    prep = be.prepare(x) if be.prepare else x
    with w.precision_context(): chk = w.check(be.fn(prep), x)
    if not chk.passed: raise RuntimeError(f"{w.describe()} failed its check: {chk}")
    return w, (lambda: be.fn(prep))


def windowed(dev, f):
    "(f's result, NVML of its window: SM clock median, power median, the power cap's share), None off a GPU."
    from ceiling_scout.engine.telemetry import TelemetrySampler
    s = TelemetrySampler(dev).start() if dev == "cuda" else None
    try: out = f()
    finally: t = s.stop() if s else None
    tel = {"sm_mhz": t.sm_clock_mhz_median, "power_w": t.power_w_median, "cap_share": t.power_cap_fraction,
           "throttle": list(t.throttle_reasons)} if t is not None and t.available else None
    return out, tel


def timers(w, fn, dev, smoke):
    "{name: callable returning (mean ms, NVML window, details)} for one checked call."
    from ceiling_scout.engine.timing import MeasureConfig, measure, measure_gapped
    from ceiling_scout.engine.telemetry import measure_energy
    from ceiling_scout.engine.workloads import wants_l2_flush
    from torch.utils.benchmark import Timer
    base = MeasureConfig(max_time_s=60.0, energy_s=0)   # the CLI's fixed 20 + 200 (its energy window comes after)
    def eng(**kw): return eng_result(measure(fn, dev, config=base, **kw))
    def eng_result(m):
        t = m.telemetry
        tel = {"sm_mhz": t.sm_clock_mhz_median, "power_w": t.power_w_median, "cap_share": t.power_cap_fraction,
               "throttle": list(t.throttle_reasons)} if t.available else None
        return m.mean_ms, tel, {k: m.method.get(k) for k in ("timer", "l2_flush", "hold_us", "graph_inner", "iters")}
    def host():   # the CLI's back-to-back window after the timed one: wall time per call, the host's launches in it
        e = measure_energy(fn, dev)
        return e.call_ms, {"sm_mhz": e.sm_clock_mhz_mean, "power_w": e.power_w, "cap_share": e.power_cap_fraction}, \
            {"calls": e.calls}
    def gapped():   # the CLI's do_bench-style window (`measure_gapped`: do_bench's loop); its own idle is the round's
        from ceiling_scout.engine import timing
        idle, timing.GAP_IDLE_S = timing.GAP_IDLE_S, 0.0   # so the stamped clock is of the loop, not of the idle
        try: g = measure_gapped(fn, dev)
        finally: timing.GAP_IDLE_S = idle
        return g["ms"], {"sm_mhz": g["sm_clock_mhz"], "power_w": g["power_w"], "cap_share": g["power_cap_fraction"]}, \
            {"calls": g["calls"]}
    def timer(s): return (lambda r: (r[0].mean * 1e3, r[1], {"runs": len(r[0].times)}))(
        windowed(dev, lambda: Timer("fn()", globals={"fn": fn}).blocked_autorange(min_run_time=s)))
    out = {"engine": lambda: eng(flush_l2=wants_l2_flush(w, dev)),   # the CLI's timed loop
           "engine_b2b": lambda: eng(flush_l2=False, cuda_graph=False, hold_us=0.0),
           "timer": lambda: timer(0.2)}
    if not smoke:
        from triton.testing import do_bench
        def db(): return (lambda r: (r[0], r[1], {}))(
            windowed(dev, lambda: do_bench(fn, warmup=25, rep=100, return_mode="mean")))
        out.update(engine_host=host, engine_dobench=gapped, do_bench=db, do_bench_again=db, timer_1s=lambda: timer(1.0))
    return out


_STAMP = {}
def sm_clock_stamp(dev):
    "(globaltimer ns, {SM id: clock64}) read on the GPU by one Triton kernel of 4 blocks an SM; None where it can't."
    try:
        if "k" not in _STAMP:
            import triton, triton.language as tl
            @triton.jit
            def k(out):
                i = tl.program_id(0); x = tl.load(out + i * 3)
                t = tl.inline_asm_elementwise("mov.u64 $0, %globaltimer;", "=l,l", [x], dtype=tl.int64, is_pure=False, pack=1)
                c = tl.inline_asm_elementwise("mov.u64 $0, %clock64;", "=l,l", [x], dtype=tl.int64, is_pure=False, pack=1)
                s = tl.inline_asm_elementwise("mov.u32 $0, %smid;", "=r,l", [x], dtype=tl.int32, is_pure=False, pack=1)
                tl.store(out + i * 3, t); tl.store(out + i * 3 + 1, c); tl.store(out + i * 3 + 2, s.to(tl.int64))
            _STAMP["k"], _STAMP["n"] = k, 4 * torch.cuda.get_device_properties(dev).multi_processor_count
        buf = torch.zeros(_STAMP["n"] * 3, dtype=torch.int64, device=dev)
        _STAMP["k"][(_STAMP["n"],)](buf, num_warps=1); torch.cuda.synchronize(dev)
        v = buf.view(-1, 3).tolist()
        return st.median(r[0] for r in v), {r[2]: r[1] for r in sorted(v, key=lambda r: r[1])}
    except Exception as e:
        _STAMP.setdefault("error", f"{type(e).__name__}: {e}"[:300]); return None


def sm_mhz_between(a, b):
    "The mean SM clock (MHz) between two stamps: clock64 ticks of each SM seen in both over the global timer's ns."
    if not a or not b or b[0] <= a[0]: return None
    d = [b[1][s] - a[1][s] for s in a[1] if s in b[1]]
    return st.median(d) / (b[0] - a[0]) * 1e3 if d else None


def nvbench_child(out_json, prec):
    "Run in a child process: nvbench's defaults over every case; its JSON goes to `out_json`."
    import cuda.bench as bench
    fns = {name: checked(op, shape, prec, ex, "cuda")[1] for name, (op, shape, ex) in CASES.items()}
    nvml = {}
    def case(state):
        name = state.get_string("case"); fn = fns[name]
        def launch(l):
            with torch.cuda.stream(torch.cuda.ExternalStream(l.get_stream().addressof())): fn()
        nvml[name] = windowed("cuda", lambda: state.exec(launch))[1]
    bench.register(case).add_string_axis("case", list(fns))
    try: bench.run_all_benchmarks(["nvbench", "--json", out_json, "--devices", "0"])
    finally: json.dump(nvml, open(out_json + ".nvml", "w"))


def nvbench_round(prec, path):
    "{case: {cold_ms, batch_ms}} from one child run of nvbench (its JSON kept at `path`), or {'error': why}."
    p = subprocess.run([sys.executable, __file__, "--nvbench-child", path, "--precision", prec, "--out", path + ".x"],
                       capture_output=True, text=True, timeout=300)
    if p.returncode != 0 or not os.path.exists(path): return {"error": (p.stderr or p.stdout)[-1500:]}
    try: out = nvbench_summaries(json.load(open(path)))
    except Exception as e: return {"error": f"nvbench's JSON not read: {type(e).__name__}: {e}"}
    try: nvml = json.load(open(path + ".nvml"))
    except (OSError, ValueError): nvml = {}
    for case, v in out.items(): v["nvml"] = nvml.get(case)
    return out


def _value(x):
    "A value of nvbench's JSON: given as is, or as {'value': ...}."
    return x.get("value") if isinstance(x, dict) else x


def nvbench_summaries(d):
    "nvbench's JSON reduced to {case: {'cold_ms': GPU mean, cold, 'batch_ms': GPU mean, back to back}}."
    out = {}
    for b in d.get("benchmarks", []):
        for s in b.get("states", []):
            case = next((_value(a.get("value")) for a in s.get("axis_values", []) if a.get("name") == "case"), None)
            vals = {x.get("tag"): x for x in s.get("summaries", [])}
            def mean_ms(tag):
                x = vals.get(tag)
                v = next((_value(e) for e in (x or {}).get("data", []) if e.get("name") == "value"), None)
                return float(v) * 1e3 if v is not None else None
            def num(tag):
                v = next((_value(e) for e in (vals.get(tag) or {}).get("data", []) if e.get("name") == "value"), None)
                return float(v) if v is not None else None
            n, wall, cold = num("nv/cold/sample_size"), num("nv/cold/walltime"), mean_ms("nv/cold/time/gpu/mean")
            clk = num("nv/cold/sm_clock_rate/mean")
            out[str(case)] = {"cold_ms": cold, "batch_ms": mean_ms("nv/batch/time/gpu/mean"), "skipped": s.get("is_skipped"),
                              "cold_sm_mhz": clk / 1e6 if clk else None,   # nvbench's own clock over its cold samples
                              "cold_duty": n * cold / 1e3 / wall if n and wall and cold else None}
    return out


def main():
    ap = script_parser("timer_agreement", rounds=5)
    ap.add_argument("--precision", default="bf16")
    ap.add_argument("--cases", default=None, help="comma-separated case names (default: all)")
    ap.add_argument("--no-nvbench", action="store_true", help="leave nvbench out")
    ap.add_argument("--gap", type=float, default=0.3, help="seconds idle before each timer (the engine's GAP_IDLE_S)")
    ap.add_argument("--nvbench-child", default=None, help=argparse_hidden())
    args = ap.parse_args()
    if args.nvbench_child: nvbench_child(args.nvbench_child, args.precision); return 0
    smoke = args.smoke or not torch.cuda.is_available()
    dev, cases = ("cpu", SMOKE) if smoke else ("cuda", CASES)
    if args.cases: cases = {k: v for k, v in cases.items() if k in args.cases.split(",")}
    run = JsonRun(args.out, "benchmarks/timer_agreement.py", 38, device=dev, precision=args.precision, rounds=args.rounds)
    res = run.result
    calls = {}
    for name, (op, shape, ex) in cases.items():
        try: calls[name] = checked(op, shape, args.precision if not smoke else "fp32", ex, dev)
        except Exception as e: run.error(name, e)
    rows = {name: {"workload": w.describe(), "rounds": []} for name, (w, _) in calls.items()}
    try: import cuda.bench  # noqa: F401
    except Exception as e: have_nvb = False; res["nvbench"] = f"not importable: {type(e).__name__}: {e}"
    else: have_nvb = not smoke and not args.no_nvbench; res["nvbench"] = "cuda.bench (nvbench's Python bindings), defaults" if have_nvb else "smoke"
    for r in range(args.rounds):
        nvb = nvbench_round(args.precision, f"{args.out}.nvbench{r + 1}.json") if have_nvb else {}
        if "error" in nvb: res.setdefault("nvbench_errors", []).append(nvb["error"]); log(nvb["error"][-400:])
        for name, (w, fn) in calls.items():
            ts = timers(w, fn, dev, smoke); order = list(ts)[r % len(ts):] + list(ts)[:r % len(ts)]
            one = {"order": order}
            for t in order:
                time.sleep(args.gap)   # every timer starts from the same idle, as a user's do_bench in a fresh cell
                try:
                    s0 = sm_clock_stamp(dev) if dev == "cuda" else None
                    ms, tel, det = ts[t](); s1 = sm_clock_stamp(dev) if s0 else None
                    one[t] = {"ms": ms, "nvml": tel, "sm_mhz_stamped": sm_mhz_between(s0, s1), **det}
                except Exception as e: one[t] = {"error": f"{type(e).__name__}: {e}"[:300]}
            if name in nvb: one["nvbench"] = nvb[name]
            rows[name]["rounds"].append(one)
        res["cases"], res["raw"] = summarize(rows), rows; run.save()
        log(f"round {r + 1}/{args.rounds} done")
    res["cases"] = summarize(rows); res["stamp_error"] = _STAMP.get("error"); run.save()
    for name, c in res["cases"].items():
        log(f"{name:26} " + "  ".join(f"{k} {v['ms']:.4f} ms ({v['vs_do_bench']:+.1%})" if v.get("vs_do_bench") is not None
                                       else f"{k} {v['ms']:.4f} ms" for k, v in c["medians"].items()))
    return 0


def argparse_hidden():
    import argparse
    return argparse.SUPPRESS


def summarize(rows):
    "Per case: each timer's median over rounds (ms), its ratio to do_bench's, and the median NVML clock and power."
    out = {}
    for name, c in rows.items():
        med = {}
        names = {k for r in c["rounds"] for k in r if k != "order"}
        for t in sorted(names):
            if t == "nvbench":
                for k in ("cold_ms", "batch_ms"):
                    v = [r["nvbench"][k] for r in c["rounds"] if r.get("nvbench", {}).get(k) is not None]
                    if v: med[f"nvbench_{k[:-3]}"] = {"ms": st.median(v), "n_rounds": len(v)}
                for k in ("cold_sm_mhz", "cold_duty"):
                    v = [r["nvbench"][k] for r in c["rounds"] if r.get("nvbench", {}).get(k) is not None]
                    if v and "nvbench_cold" in med: med["nvbench_cold"][k] = st.median(v)
                continue
            v = [r[t]["ms"] for r in c["rounds"] if "ms" in r.get(t, {})]
            clk = [r[t]["nvml"]["sm_mhz"] for r in c["rounds"] if (r.get(t, {}).get("nvml") or {}).get("sm_mhz")]
            pw = [r[t]["nvml"]["power_w"] for r in c["rounds"] if (r.get(t, {}).get("nvml") or {}).get("power_w")]
            sc = [r[t]["sm_mhz_stamped"] for r in c["rounds"] if r.get(t, {}).get("sm_mhz_stamped")]
            if v: med[t] = {"ms": st.median(v), "n_rounds": len(v), "sm_mhz": st.median(clk) if clk else None,
                            "power_w": st.median(pw) if pw else None, "sm_mhz_stamped": st.median(sc) if sc else None,
                            "spread": (max(v) - min(v)) / st.median(v)}
        ref = med.get("do_bench", {}).get("ms")
        for v in med.values(): v["vs_do_bench"] = (v["ms"] / ref - 1) if ref else None
        host = med.get("engine_host", {}).get("ms")   # Timer reads the same thing: back to back, the host's time in
        for t in ("timer", "timer_1s"):
            if host and t in med: med[t]["vs_engine_host"] = med[t]["ms"] / host - 1
        out[name] = {"workload": c["workload"], "medians": med}
    return out


if __name__ == "__main__":
    sys.exit(main())
