"""What a papermill run of nbs/sweep.ipynb wrote, checked (used by test_papermill_sweep.py): `check` returns the failed
checks. check(path, points=3, iters=20, recorded=False) for a live CPU sweep; check(path, None, None, True, warns=[])
for recorded data (a GPU not present); warns=["ks", "iters"] when asked for K values and counts it does not have."""
import json, math, re
from pathlib import Path
from ceiling_scout import load_reports, Approach, Priority
from ceiling_scout.reports.bundle import bundle_problems

def _finite_positive(x) -> bool: return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) and x > 0

def check_efficiency(r, where: str, need) -> None:
    "Efficiency is a positive finite number; above 100 % (beyond the verdict's own noise allowance) the report must say so in a warning."
    e = r.efficiency
    need(_finite_positive(e), f"{where}: efficiency {e!r} is not a positive finite number")
    if not _finite_positive(e): return
    st = r.stats or {}
    allowance = 0.02 + ((st.get("ci95_half_ms") or 0) / st["mean_ms"] if st.get("mean_ms") else 0)   # as verdict.plausibility allows
    if e > 1 + allowance:   # a low CPU ceiling on a busy machine can give 180 % or more: fine, if the report flags it (beyond both spreads,
        # or within the ceiling's own spread, which a noisy CPU ceiling makes wide)
        need(r.approach == Approach.CHECK_MEASUREMENT.value or any("above the measured ceiling" in w or "of the measured ceiling" in w for w in r.warnings),
             f"{where}: efficiency {e:.0%} is above the ceiling and the report carries no warning about it")

def check(path: Path, points: int|None, iters: int|None, recorded: bool, warns: list[str]|None=None) -> list[str]:
    bad = []
    def need(cond, msg):
        if not cond: bad.append(msg)
    d = json.loads(path.read_text())
    need(d.get("schema_version") == "ceiling_scout.report/1", f"schema_version {d.get('schema_version')!r}")
    need(d.get("kind") == "k_sweep", f"kind {d.get('kind')!r}")
    need(d.get("source") == ("recorded" if recorded else "live"), f"source {d.get('source')!r}")
    label = d.get("label") or ""
    need(label.startswith("recorded on ") if recorded else label.startswith("measured live on "), f"label {label!r}")
    reps = load_reports(path)                 # validates every report against the schema
    others = d.get("others") or []
    for o in others: need(o.get("recorded", {}).get("label", "").startswith("recorded on "), "an 'others' report is not labelled recorded")
    s = d.get("summary") or {}
    par, notes = d.get("parameters") or {}, d.get("parameter_warnings")
    need(isinstance(notes, list), f"parameter_warnings {notes!r}: expected a list")
    for w in warns or []: need(any(x.startswith(f"{w}: requested ") for x in notes or []), f"no parameter warning for {w!r}: {notes}")
    if warns is not None and not warns: need(notes == [], f"unexpected parameter warnings {notes}")
    if recorded and not reps:
        need(len(others) > 0, "recorded run with neither a sweep nor other recorded reports")
    else:
        need(bool(reps), "no point reports")
        if points is not None: need(s.get("points") == points == len(reps), f"points: summary {s.get('points')}, reports {len(reps)}, expected {points}")
        need(s.get("ok_points") == len([r for r in reps if r.status == "ok"]) and s.get("ok_points", 0) > 0, f"ok_points {s.get('ok_points')}")
        rates = [r.baseline_tflops for r in reps if r.status == "ok"]
        need(all(_finite_positive(x) for x in rates), f"rates {rates}: not all positive finite")
        need(s.get("peak_tflops") == max(rates) and s.get("min_tflops") == min(rates), "peak/min do not match the points")
        need(s["min_tflops"] <= s["mean_tflops"] <= s["max_tflops"], "mean outside the range")
        need(s.get("peak_k") in s.get("ks", []) and s.get("ks") == [r.shape[2] for r in reps], f"ks {s.get('ks')} vs points")
        need(par.get("ks") == s.get("ks") and par.get("mode") == s.get("mode"),
             f"parameters say K {par.get('ks')} in {par.get('mode')} mode, the points were measured at {s.get('ks')} in {s.get('mode')} mode")
        v = s.get("verdict") or {}
        need(v.get("approach") in {a.value for a in Approach} and v.get("priority") in {p.value for p in Priority}, f"verdict {v}")
        for r in reps:
            if r.status != "ok": continue
            where = f"K={r.shape[2]}"
            need(r.stats and r.stats["n"] > 0 and r.stats["ci95_half_ms"] >= 0, f"{where}: no statistics")
            if r.method.get("mode") == "fixed":
                need(r.stats["n"] == par.get("iters"), f"{where}: n={r.stats['n']}, the report's parameters say {par.get('iters')} timed calls")
                if iters is not None: need(r.stats["n"] == iters, f"{where}: n={r.stats['n']}, expected {iters}")
            need(r.regime == r.ceiling.get("regime"), f"{where}: judged against a {r.ceiling.get('regime')} ceiling, measured {r.regime}")
            need(_finite_positive(r.ceiling_tflops), f"{where}: ceiling {r.ceiling_tflops!r}")
            check_efficiency(r, where, need)
            need(isinstance(r.telemetry, dict) and "available" in r.telemetry, f"{where}: no telemetry record")
            need(r.check and r.check["passed"], f"{where}: correctness check missing or failed")
            need(bool(r.recorded) == recorded, f"{where}: recorded flag {bool(r.recorded)}")
            need(r.approach in {a.value for a in Approach} and r.priority in {p.value for p in Priority}, f"{where}: verdict {r.priority}/{r.approach}")
        if not recorded:
            jl = path.with_suffix(".jsonl")
            need(jl.exists() and len(load_reports(jl)) == len(reps), f"{jl.name}: the point-by-point file is missing or incomplete")
    from ceiling_scout.engine.report import Report
    for i, o in enumerate(others):
        r = Report.from_dict(o, f"others[{i}]")
        if r.status == "ok" and r.efficiency is not None: check_efficiency(r, f"others[{i}] {r.operation} {r.shape}", need)
    bad += bundle_problems(path)   # the executed notebook copy complete, the HTML without code prompts
    page = path.with_suffix(".html")
    if page.exists():
        h = page.read_text()
        need("Plotly.newPlot" in h and "window.__cs_define" in h, f"{page.name}: no inline plotly charts")
        need("from ceiling_scout" not in h, f"{page.name}: code cells are in the HTML")
        need((label.split(";")[0][:40] in h) if label else True, f"{page.name}: the source label is not shown")
        need(re.search(r"wrote \S*" + re.escape(page.name), h) is not None, f"{page.name}: the list of files written is not shown (the last cell is unfinished)")
        if notes: need("Warning: the recording differs from the request" in h, f"{page.name}: the parameter warning is not shown")
    return bad
