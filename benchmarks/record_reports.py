"""Turn a JSON-lines file of CLI reports (`ceiling-scout ... --output runs.jsonl`) measured on a GPU into a recording
(`ceiling_scout.recorded/1`), so notebooks and tests on a machine without that GPU show them, labelled as recorded.

The first report's environment (device, driver, torch/CUDA, date, code commit) becomes the provenance; the commands
that produced the reports are given with --command. Every report is validated on the way in and the recording is read
back before it is trusted. An existing --out is never replaced (pass a new name).

    python benchmarks/record_reports.py --reports runs.jsonl --command "ceiling-scout --operation gemm ..." \\
        --out data/recorded/h100-sxm/power_runs.json --issue 25
"""
import argparse, json, sys
from pathlib import Path
from ceiling_scout.engine.report import load_reports, ReportError
from ceiling_scout.reports.recorded import write_recorded, load_recorded


def fail(msg: str):
    "A bad argument: one line on stderr, exit status 2."
    print(f"record_reports.py: {msg}", file=sys.stderr); sys.exit(2)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--reports", required=True, help="the JSON-lines file of reports the CLI wrote")
    ap.add_argument("--command", required=True, action="append", help="a command that produced them (repeatable)")
    ap.add_argument("--out", required=True, help="the recording to write (must not exist)")
    ap.add_argument("--issue", type=int, default=25)
    ap.add_argument("--raw", default=None, help="where the raw logs of the run are kept (data/raw/...)")
    a = ap.parse_args()
    out = Path(a.out)
    if out.exists(): fail(f"--out {out} exists; a recording is never replaced: pass a new name")
    try: reps = load_reports(a.reports)
    except (OSError, ReportError, ValueError) as e: fail(f"--reports {a.reports}: {e}")
    if not reps: fail(f"--reports {a.reports} holds no report")
    env = reps[0].environment or {}
    if env.get("device_type") != "cuda": fail(f"--reports {a.reports} were not measured on a GPU ({env.get('device_name')})")
    prov = {"command": " && ".join(a.command), "script": "benchmarks/record_reports.py", "issue": a.issue,
            "date": env.get("date"), "smoke": False, "environment": env, "raw": a.raw,
            "converted_by": "benchmarks/record_reports.py"}
    write_recorded(out, prov, {}, [r.to_dict() for r in reps])
    load_recorded(out)   # read back and validated before anyone trusts it
    print(f"wrote {out}: {len(reps)} reports")
    return 0


if __name__ == "__main__":
    sys.exit(main())
