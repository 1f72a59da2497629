"""Assert on the files a papermill run of nbs/sweep.ipynb wrote (used by CI; exits 1 with the failed check).

    python scripts/check_sweep_report.py REPORT.json --points 3 --iters 20        # a live CPU sweep
    python scripts/check_sweep_report.py REPORT.json --recorded                   # a GPU not present: recorded data
"""
import argparse, json, sys
from pathlib import Path
from ceiling_scout import load_reports, Approach, Priority

def check(path: Path, points: int|None, iters: int|None, recorded: bool) -> list[str]:
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
    for o in d.get("others") or []: need(o.get("recorded", {}).get("label", "").startswith("recorded on "), "an 'others' report is not labelled recorded")
    s = d.get("summary") or {}
    if recorded and not reps:
        need(len(d.get("others") or []) > 0, "recorded run with neither a sweep nor other recorded reports")
    else:
        need(bool(reps), "no point reports")
        if points is not None: need(s.get("points") == points == len(reps), f"points: summary {s.get('points')}, reports {len(reps)}, expected {points}")
        need(s.get("ok_points") == len([r for r in reps if r.status == "ok"]) and s.get("ok_points", 0) > 0, f"ok_points {s.get('ok_points')}")
        rates = [r.baseline_tflops for r in reps if r.status == "ok"]
        need(s.get("peak_tflops") == max(rates) and s.get("min_tflops") == min(rates), "peak/min do not match the points")
        need(s["min_tflops"] <= s["mean_tflops"] <= s["max_tflops"], "mean outside the range")
        need(s.get("peak_k") in s.get("ks", []) and s.get("ks") == [r.shape[2] for r in reps], f"ks {s.get('ks')} vs points")
        v = s.get("verdict") or {}
        need(v.get("approach") in {a.value for a in Approach} and v.get("priority") in {p.value for p in Priority}, f"verdict {v}")
        for r in reps:
            if r.status != "ok": continue
            need(r.stats and r.stats["n"] > 0 and r.stats["ci95_half_ms"] >= 0, f"K={r.shape[2]}: no statistics")
            if iters is not None and r.method.get("mode") == "fixed": need(r.stats["n"] == iters, f"K={r.shape[2]}: n={r.stats['n']}, expected {iters}")
            need(r.regime == r.ceiling.get("regime"), f"K={r.shape[2]}: judged against a {r.ceiling.get('regime')} ceiling, measured {r.regime}")
            need(r.efficiency is not None and 0 < r.efficiency < 5, f"K={r.shape[2]}: efficiency {r.efficiency}")
            need(isinstance(r.telemetry, dict) and "available" in r.telemetry, f"K={r.shape[2]}: no telemetry record")
            need(r.check and r.check["passed"], f"K={r.shape[2]}: correctness check missing or failed")
            need(bool(r.recorded) == recorded, f"K={r.shape[2]}: recorded flag {bool(r.recorded)}")
        if not recorded:
            jl = path.with_suffix(".jsonl")
            need(jl.exists() and len(load_reports(jl)) == len(reps), f"{jl.name}: the point-by-point file is missing or incomplete")
    nb, page = path.with_suffix(".ipynb"), path.with_suffix(".html")
    need(nb.exists(), f"{nb.name} (executed notebook) missing")
    if page.exists():
        h = page.read_text()
        need("Plotly.newPlot" in h and "window.__cs_define" in h, f"{page.name}: no inline plotly charts")
        need("from ceiling_scout" not in h, f"{page.name}: code cells are in the HTML")
        need((label.split(";")[0][:40] in h) if label else True, f"{page.name}: the source label is not shown")
    else: bad.append(f"{page.name} (HTML) missing")
    return bad

if __name__ == "__main__":
    ap = argparse.ArgumentParser(); ap.add_argument("report"); ap.add_argument("--points", type=int); ap.add_argument("--iters", type=int)
    ap.add_argument("--recorded", action="store_true")
    a = ap.parse_args()
    bad = check(Path(a.report), a.points, a.iters, a.recorded)
    for b in bad: print(f"FAIL {a.report}: {b}")
    if bad: sys.exit(1)
    print(f"ok {a.report}")
