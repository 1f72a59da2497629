"""One-off: turn raw GPU-script output kept under data/raw/<device>/ into `ceiling_scout.recorded/1` recordings for
data/recorded/<device>/, so the library only ever loads recordings (it parses no script's own layout).

Layouts it knows (each file's own script wrote it before benchmarks/_harness.py wrote recordings):
  foundation  benchmarks/gpu_foundation.py: {"provenance", "sections": {"ceilings", "headline_8192_bf16", "misaligned", ...}}
  harness     any other script: {"provenance", ...}; everything but the provenance goes under `extra`, no reports
  cli         a CLI session's provenance file (cli_runs_provenance.json): its report files stay .jsonl beside it

    PYTHONPATH=. python scripts/convert_raw_recordings.py foundation data/raw/h100-sxm/raw_gpu_foundation_run3.json \
        data/recorded/h100-sxm/foundation.json
    PYTHONPATH=. python scripts/convert_raw_recordings.py harness data/raw/h100-sxm/raw_gpu_method_checks.json \
        data/recorded/h100-sxm/gpu_method_checks.json
    PYTHONPATH=. python scripts/convert_raw_recordings.py harness data/raw/h100-sxm/raw_gpu_hold_probe.json \
        data/recorded/h100-sxm/gpu_hold_probe.json
    PYTHONPATH=. python scripts/convert_raw_recordings.py cli data/raw/h100-sxm/cli_runs_provenance.json \
        data/recorded/h100-sxm/cli_runs.json
"""
import argparse, json, sys
from pathlib import Path
from ceiling_scout.reports.recorded import write_recorded, load_recorded


def foundation(raw: dict) -> tuple[dict, list, dict]:
    "Ceilings, reports and extras of a gpu_foundation.py raw file (the reports sit inside its sections)."
    s = raw.get("sections") or {}
    ceilings = {k: c for k, c in (s.get("ceilings") or {}).items() if isinstance(c, dict) and "device_key" in c}
    reps = [v["report"] for v in (s.get("headline_8192_bf16") or {}).values() if isinstance(v, dict)
            and isinstance(v.get("report"), dict)]
    for key in ("misaligned", "other_precisions"): reps += [r for r in s.get(key) or [] if isinstance(r, dict)
                                                            and r.get("schema_version")]
    if isinstance(s.get("sustained_gemm"), dict) and s["sustained_gemm"].get("schema_version"): reps.append(s["sustained_gemm"])
    extra = {k: v for k, v in s.items() if k not in ("ceilings", "misaligned", "other_precisions", "sustained_gemm")}
    return ceilings, reps, extra


def harness(raw: dict) -> tuple[dict, list, dict]:
    "No ceilings or reports; everything but the provenance as extras."
    return {}, [], {k: v for k, v in raw.items() if k != "provenance"}


def cli(raw: dict) -> tuple[dict, list, dict]:
    "A CLI session: the provenance is the whole file; its reports stay in the .jsonl files it names."
    return {}, [], {"report_files": sorted(f for f in _named_files(raw) if f.endswith(".jsonl"))}


def _named_files(raw: dict) -> list[str]:
    return [*(raw.get("files") or {}), *(f for r in raw.get("later_runs") or [] for f in r.get("files") or [])]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("layout", choices=["foundation", "harness", "cli"]); ap.add_argument("raw"); ap.add_argument("out")
    a = ap.parse_args(argv)
    raw = json.loads(Path(a.raw).read_text())
    ceilings, reports, extra = {"foundation": foundation, "harness": harness, "cli": cli}[a.layout](raw)
    prov = raw if a.layout == "cli" else raw["provenance"]
    extra["converted_from"] = str(Path(a.raw).as_posix())
    rec = load_recorded(write_recorded(a.out, prov, ceilings, reports, extra))   # it must load back
    print(f"{a.out}: {len(rec.ceilings)} ceilings, {len(rec.reports)} reports; {rec.label}")
    return 0


if __name__ == "__main__": sys.exit(main())
