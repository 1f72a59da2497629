"""What a papermill run of nbs/sparsity_report.ipynb wrote, checked (used by test_papermill_sparsity.py): `check` returns
the failed checks. check(path, source="live", pattern="BLOCK_SPARSE") for a synthetic matrix measured here; matrix="128x256",
a_source="w.pt:fc.weight" for real weights; source="recorded" for a GPU not here; not_measured="int8", dtype="int8" for
analysis only."""
import json
from types import SimpleNamespace
from pathlib import Path
from ceiling_scout import Report, Approach
from ceiling_scout.reports.bundle import bundle_problems

def check(path: Path, source: str, pattern: str, matrix: str|None=None, dtype: str|None=None, best_block: int|None=None,
          a_source: str|None=None, not_measured: str|None=None) -> list[str]:
    a = SimpleNamespace(source=source, pattern=pattern, matrix=matrix, dtype=dtype, best_block=best_block,
                        a_source=a_source, not_measured=not_measured)
    bad = []
    def need(cond, msg):
        if not cond: bad.append(msg)
    d = json.loads(path.read_text())
    need(d.get("kind") == "sparsity_report", f"kind {d.get('kind')!r}")
    need(d.get("source") == a.source, f"source {d.get('source')!r}, expected {a.source!r}")
    an = d.get("analysis") or {}
    need(an.get("pattern") == a.pattern, f"analysis pattern {an.get('pattern')!r}, expected {a.pattern!r}")
    need(an.get("nnz", 0) > 0 and 0 <= an.get("sparsity", -1) < 1, f"analysis nnz {an.get('nnz')} sparsity {an.get('sparsity')}")
    if a.matrix: need(an.get("shape") == [int(x) for x in a.matrix.split("x")], f"analysis shape {an.get('shape')}, expected {a.matrix}")
    if a.dtype: need(an.get("dtype") == a.dtype, f"analysis dtype {an.get('dtype')!r}, expected {a.dtype!r}")
    if a.best_block: need(an.get("best_block_size") == a.best_block, f"best block {an.get('best_block_size')}, expected {a.best_block}")
    p = d.get("parameters") or {}
    if a.a_source: need(Path(str(p.get("weights"))).name == a.a_source.split(":")[0], f"parameters.weights {p.get('weights')!r}")
    title = d.get("chart_title") or ""
    bad += bundle_problems(path)   # the executed notebook copy complete (its last cell too), the HTML without code prompts
    html = path.with_suffix(".html")
    page = html.read_text() if html.exists() else ""
    need("from ceiling_scout" not in page, "the HTML shows code cells")
    need(a.pattern in page, f"the HTML does not show the pattern {a.pattern}")
    if a.not_measured:
        need(d.get("measured_on_this_matrix") is False and d.get("comparison") is None and d.get("report") is None, "kernels measured although the precision is unsupported")
        need(f"got precision '{a.not_measured}'" in (d.get("not_measured") or ""), f"not_measured {d.get('not_measured')!r}")
        need("Kernels not measured" in page, "the HTML does not say the kernels were not measured")
    elif a.source == "live":
        need(d.get("measured_on_this_matrix") is True, "live run did not measure this matrix")
        rows = (d.get("comparison") or {}).get("rows") or []
        need(rows and rows[0]["kernel"] == "dense" and rows[0]["status"] == "ok", f"dense row {rows[:1]}")
        ok = {r["kernel"]: r for r in rows if r["status"] == "ok"}
        need({"dense", "bsr", "csr"} <= set(ok), f"ok kernels {sorted(ok)} (the CPU runs dense, bsr and csr in fp32)")
        for k, r in ok.items():
            need(r["check_rel_error"] is not None and r["check_rel_error"] < 1e-3, f"{k}: check error {r['check_rel_error']}")
            need(0 < r["useful_tflops"] <= r["dense_eq_tflops"] * (1 + 1e-9), f"{k}: useful {r['useful_tflops']} vs dense-eq {r['dense_eq_tflops']}")
            e = r.get("efficiency_vs_ideal")
            need((r.get("efficiency_flag") == "above ideal") == (e is not None and e > 1), f"{k}: efficiency {e} flagged {r.get('efficiency_flag')!r}")
        need(all(r.get("note") for r in rows if r["status"] == "not_supported"), "a not_supported row without its reason")
        rep = [Report.from_dict(d["report"], f"{path}: report")] if d.get("report") else []   # validates it against the schema
        need(len(rep) == 1 and rep[0].operation == "sparse_gemm", f"report {[x.operation for x in rep]}")
        if rep:
            r = rep[0]
            need(r.approach in {x.value for x in Approach}, f"approach {r.approach!r}")
            if a.a_source: need(r.extras.get("source") == a.a_source, f"report source {r.extras.get('source')!r}, expected {a.a_source!r}")
            if a.matrix: M, K = map(int, a.matrix.split("x")); need(r.shape[0] == M and r.shape[2] == K, f"report shape {r.shape}")
            flagged = [k for k, x in ok.items() if x.get("efficiency_flag")]
            for k in flagged: need(any(w.startswith(k) and "density-scaled ceiling" in w for w in r.warnings), f"{k}: above ideal but no warning")
        need(title.startswith("Sparse GEMM kernels on this matrix") and (a.a_source or "synthetic") in title, f"chart title {title!r}")
    else:
        need(d.get("measured_on_this_matrix") is False and d.get("comparison") is None and d.get("report") is None, "recorded run claims a measurement")
        rows, runs = d.get("recorded_rows") or [], d.get("recorded_runs") or []
        need(len(rows) > 0 and len(runs) > 0, f"recorded rows {len(rows)}, runs {len(runs)}")
        need(all(r.get("recorded", "").startswith("recorded on ") and r.get("recorded_matrix") for r in rows), "a recorded row without its label or matrix")
        need(all(x.get("date") and x.get("device_name") and x.get("matrices") for x in runs), f"recorded runs {runs}")
        need(title.startswith("Sparse GEMM kernels recorded on ") and "not this matrix" in title and "on this matrix" not in title.replace("not this matrix", ""),
             f"chart title {title!r}")
        need("not measurements of this matrix" in page and "No verdict for this matrix" in page, "the HTML does not say the rows are recorded, not this matrix")
        need("Sparse GEMM kernels on this matrix" not in page, "the HTML titles recorded rows as this matrix")
    return bad
