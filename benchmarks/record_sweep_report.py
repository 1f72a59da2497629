"""Turn the JSON report of a live `papermill nbs/sweep.ipynb` run into a recording (`ceiling_scout.recorded/1`), so the
notebook's recorded path (`-p device h100` on a machine without that GPU) shows it, labelled as recorded.

The report's own environment (device, driver, torch/CUDA, date, code commit) becomes the provenance; the command that
produced the report is given with --command. An existing --out is never replaced (pass a new name).

    python benchmarks/record_sweep_report.py --report REPORT.json --command "papermill nbs/sweep.ipynb out.ipynb -p device h100" \\
        --out data/recorded/h100-sxm/sweep_live_fixed.json
"""
import argparse, json, sys
from pathlib import Path
from ceiling_scout.reports.recorded import write_recorded, load_recorded


def fail(msg: str):
    "A bad argument: one line on stderr, exit status 2."
    print(f"record_sweep_report.py: {msg}", file=sys.stderr); sys.exit(2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--report", required=True, help="the sweep notebook's JSON report")
    ap.add_argument("--command", required=True, help="the command that produced the report")
    ap.add_argument("--out", required=True, help="the recording to write (must not exist)")
    ap.add_argument("--issue", type=int, default=9)
    a = ap.parse_args()
    out = Path(a.out)
    if out.exists(): fail(f"--out {out} exists; a recording is never replaced: pass a new name")
    try: rep = json.loads(Path(a.report).read_text())
    except (OSError, json.JSONDecodeError) as e: fail(f"--report {a.report}: cannot read it ({e})")
    if rep.get("kind") != "k_sweep" or not rep.get("reports") or rep.get("source") != "live":
        fail(f"--report {a.report} is not a live K-sweep report (kind {rep.get('kind')!r}, source {rep.get('source')!r})")
    env = rep.get("environment") or {}
    prov = {"command": a.command, "script": "nbs/sweep.ipynb", "issue": a.issue, "date": env.get("date"),
            "smoke": False, "environment": env, "parameters": rep.get("parameters"),
            "notebook_wall_s": rep.get("notebook_wall_s"), "converted_by": "benchmarks/record_sweep_report.py"}
    ceilings = {k: v for k, v in (rep.get("ceilings") or {}).items()}
    write_recorded(out, prov, ceilings, rep["reports"], {"summary": rep.get("summary")})
    load_recorded(out)   # read back and validated before anyone trusts it
    print(f"wrote {out}: {len(rep['reports'])} reports, ceilings {sorted(ceilings)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
