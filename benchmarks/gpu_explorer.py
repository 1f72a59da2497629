"""The JupyterLab explorers on a real GPU (issue 13), driven through their widgets' values exactly as a click would,
without a browser (the browser test covers rendering on the CPU; this covers what only a GPU has):

- `Explorer("cuda")`: every registered operation at the GPU shape and precision the explorer proposes, and GEMM at every
  precision it offers on this device (fp8 and int8 only exist here). For each: the precisions offered, the verdict line,
  the rate, whether the roofline updated, its unit, and whether what the widget would send is valid JSON.
- `KSweepExplorer("cuda")`: a fixed-method K sweep (8192x8192, K 1024..8192, fp16) from the Run path; then an adaptive
  sweep run in its thread as from the Run button, stopped with Stop while its third point runs, and one stopped by the
  kernel's Interrupt (the SIGINT handler): how long each took to stop and how many points were kept.

Writes one ceiling_scout.recorded/1 file through benchmarks/_harness.py (every report loadable), saved after every
section; a section's error is recorded and the run goes on.

    PYTHONPATH=. python3 benchmarks/gpu_explorer.py --out $OUT/gpu_explorer.json
    PYTHONPATH=. python3 benchmarks/gpu_explorer.py --ops layernorm,rope --no-ksweep --out $OUT/gpu_explorer_mem.json
    PYTHONPATH=. python3 benchmarks/gpu_explorer.py --smoke --out /tmp/gpu_explorer_smoke.json   # CPU, tiny, seconds
"""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
import html, json, re, sys, time
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch
from ceiling_scout.explore import Explorer, KSweepExplorer, _on_sigint
from ceiling_scout.engine.scout import ScoutConfig, SearchConfig


SMOKE_SCOUT = ScoutConfig(search=SearchConfig.of_shapes([(64, 64, 64)], 0.02))   # a quick CPU ceiling for --smoke


def text(h: str) -> str:
    "A widget's HTML as the words a user reads."
    return html.unescape(re.sub(r"<[^>]+>", "", h or "")).strip()


def figure_facts(fw) -> dict:
    "What a chart shows: its y-axis title, its traces, and whether the widget's state is valid JSON (no inf/NaN)."
    try: json.dumps(fw.to_dict(), allow_nan=False); js = True
    except ValueError: js = False
    return {"y_title": fw.layout.yaxis.title.text, "traces": len(fw.data), "json_ok": js,
            "title": fw.layout.title.text if fw.layout.title else None}


def analyze_case(ex: Explorer, op: str, precision: str|None=None) -> dict:
    "Select `op` (and `precision`) in the explorer, click Analyze, and say what the user sees."
    ex.operation.value = op
    if precision is not None: ex.precision.value = precision
    case = {"operation": op, "shape": ex.shape.value, "precision": ex.precision.value,
            "precisions_offered": list(ex.precision.options), "flags": sorted(ex.flag_widgets)}
    n0, t = len(ex.reports), time.time()
    v = ex.on_analyze()
    case.update(wall_s=round(time.time() - t, 1), status=text(ex.status.value), ok=v is not None,
                errors_shown=[o.get("text", "")[-400:] for o in ex.out.outputs])
    if v is not None:
        rep = ex.reports[-1]
        case.update(report_added=len(ex.reports) == n0 + 1, baseline_tflops=rep.baseline_tflops,
                    baseline_ms=rep.baseline_ms, efficiency=rep.efficiency, regime=rep.regime, approach=rep.approach,
                    priority=rep.priority, warnings=list(rep.warnings or []), roofline=figure_facts(ex.fig_roof),
                    backends=[b.name for b in getattr(v, "backends", []) or []])
    log(f"  {op} {case['shape']} {case['precision']}: {case['status']} ({case['wall_s']} s)")
    return case


def explorer_section(run: JsonRun, dev: str, smoke: bool, only: list[str]|None=None):
    ex = Explorer(dev, scout_config=SMOKE_SCOUT if smoke else None)
    if smoke:
        ex.warmup.value, ex.iters.value = 1, 3
    cases = []
    for op in ex.operation.options:
        if (only is not None and op not in only) or (smoke and only is None and op not in ("gemm", "layernorm")):
            continue
        try: cases.append(analyze_case(ex, op))
        except Exception as e: cases.append({"operation": op, "error": f"{type(e).__name__}: {e}"})
        run.result["sections"]["explorer"] = {"cases": cases}; run.save()
    ex.operation.value = "gemm"
    done = {c.get("precision") for c in cases if c["operation"] == "gemm"}
    more = [] if smoke or (only is not None and "gemm" not in only) else [p for p in ex.precision.options
                                                                          if p not in done]
    for p in more:
        try: cases.append(analyze_case(ex, "gemm", p))
        except Exception as e: cases.append({"operation": "gemm", "precision": p, "error": f"{type(e).__name__}: {e}"})
        run.result["sections"]["explorer"] = {"cases": cases}; run.save()
    run.reports += ex.reports
    return {"cases": cases, "device_options": list(ex.device.options), "charts_shown": len(ex.charts.children)}


def wait_for(cond, timeout_s: float) -> bool:
    t0 = time.time()
    while not cond():
        if time.time() - t0 > timeout_s: return False
        time.sleep(0.01)
    return True


def ksweep_section(run: JsonRun, dev: str, smoke: bool):
    kx = KSweepExplorer(dev, scout_config=SMOKE_SCOUT if smoke else None)
    M, ks = (64, (32, 96, 32)) if smoke else (8192, (1024, 8192, 1024))
    kx.M.value = kx.N.value = M
    kx.k_min.value, kx.k_max.value, kx.k_step.value = ks
    if smoke: kx.warmup.value, kx.iters.value, kx.precision.value = 1, 5, "fp32"
    out = {"defaults": {"precision": kx.precision.value, "precisions_offered": list(kx.precision.options),
                        "warmup": kx.warmup.value, "iters": kx.iters.value, "target_ci_pct": kx.target_ci.value,
                        "budget_s_per_point": kx.max_time.value}}
    t = time.time()
    res = kx.run()
    lib = next((tr for tr in kx.fig_k.data if (tr.name or "").startswith("library")), None)
    out["fixed"] = {"wall_s": round(time.time() - t, 1), "status": text(kx.status.value),
                    "points": len(res.reports) if res else 0, "library_k": list(lib.x) if lib else None,
                    "library_rate": list(lib.y) if lib else None, "table_rows": kx.table.value.count("<tr") - 1,
                    "ksweep_chart": figure_facts(kx.fig_k), "roofline": figure_facts(kx.fig_roof),
                    "summary": res.summary if res else None}
    if res: run.reports += res.reports
    run.result["sections"]["ksweep"] = out; run.save()
    # Stop and Interrupt on adaptive points, in the sweep's thread as from the Run button
    kx.mode.value = "adaptive"
    if smoke: kx.max_time.value = 1.0     # a CPU never reaches the GPU's CI target: one second a point
    kx.k_min.value, kx.k_max.value, kx.k_step.value = (32, 32 * 40, 32) if smoke else (8192, 8192 * 16, 8192)
    for how in ("Stop", "Interrupt"):
        t = time.time()
        kx.run(background=True)
        started = wait_for(lambda: kx.progress.value >= 2 and kx._in_point, 300)
        t_stop = time.time()
        if how == "Stop": kx.stop()
        else: _on_sigint(2, None)
        kx._thread.join(120)
        out[how] = {"third_point_started": started, "stop_latency_s": round(time.time() - t_stop, 2),
                    "wall_s": round(time.time() - t, 1), "thread_alive": kx._thread.is_alive(),
                    "points_kept": len(kx.result.reports) if kx.result else 0, "status": text(kx.status.value),
                    "of_points": 40 if smoke else 16}
        log(f"  {how}: {out[how]}")
        run.result["sections"]["ksweep"] = out; run.save()
    return out


def main() -> int:
    ap = script_parser("gpu_explorer")
    ap.add_argument("--ops", help="comma-separated operations to analyze (default: all, then GEMM at every precision)")
    ap.add_argument("--no-ksweep", action="store_true", help="skip the K-sweep explorer")
    a = ap.parse_args()
    dev = "cpu" if a.smoke or not torch.cuda.is_available() else "cuda"
    run = JsonRun(a.out, "benchmarks/gpu_explorer.py", 13, device=dev, smoke=a.smoke)
    only = a.ops.split(",") if a.ops else None
    run.section("explorer", lambda: explorer_section(run, dev, a.smoke, only))
    if not a.no_ksweep: run.section("ksweep", lambda: ksweep_section(run, dev, a.smoke))
    log(f"wrote {a.out} ({run.elapsed_s:.0f} s, {len(run.result['errors'])} error(s))")
    return 1 if run.result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
