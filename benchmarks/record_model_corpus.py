"""Record the model corpus at full size on the GPU (issue 21, item 2): each examples/models/*.py:make through
`ceiling-scout --model ... --precision bf16 --device cuda --json`, one process per model with its own timeout; a failing
model is recorded with its error and the run goes on. Writes one `ceiling_scout.recorded/1` file through benchmarks/_harness.py, rewritten after each model (provenance:
device, driver, torch/CUDA, date, command, commit from CEILING_SCOUT_COMMIT) with, per model, its ranked table,
coverage, the GPU's busy share of the step (host-bound or not) and wall time. At the end a table per model: mapped
share, coverage of the GPU-busy time (its basis: kernel intervals on CUDA, captured op time on a CPU), wall time and
the largest claimed gain (issue 33); the table's rows are also in the JSON under `extra.table`.

    CEILING_SCOUT_COMMIT=$(git rev-parse HEAD) python benchmarks/record_model_corpus.py \
        --out data/recorded/h100-sxm/model_corpus.json
"""
from __future__ import annotations
import argparse, datetime, json, os, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MODELS = ("gpt2", "llama", "mistral", "mixtral", "bert", "vit", "t5", "resnet50", "timm_vit", "efficientnet_b0",
          "llama_decode")
BUILTIN = ("efficientnet_b0", "llama_decode")   # built-in models (ceiling_scout.modes.models), not examples/models/


def record_one(name: str, device: str, precision: str, timeout_s: float) -> dict:
    "One model's triage as JSON (ranked table, coverage, wall time), or its error: never raises."
    base, comp, _ = name.partition("_compiled")   # gpt2_compiled: examples/models/gpt2.py:make_compiled
    model = name if name in BUILTIN else f"examples/models/{base}.py:make{comp}"
    cmd = [sys.executable, "-m", "ceiling_scout", "--model", model,
           "--precision", precision, "--device", device, "--json", "--quiet"]
    t0 = time.perf_counter()
    try: p = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return {"model": name, "status": "timeout", "wall_s": time.perf_counter() - t0, "timeout_s": timeout_s}
    wall = time.perf_counter() - t0
    if p.returncode != 0:
        return {"model": name, "status": f"exit {p.returncode}", "wall_s": wall, "error": p.stderr.strip()[-2000:]}
    d = json.loads(p.stdout)
    table = [{k: r.get(k) for k in ("rank", "workload", "count", "share", "efficiency", "priority", "approach", "gain")}
             for r in d["items"]]
    host = d.get("host") or {}   # the GPU's busy time in the step, and whether the step is host-bound
    return {"model": name, "status": "ok", "wall_s": wall, "coverage": d["coverage"], "step_ms": d["step_ms"],
            "coverage_ok": d["coverage"] is not None and d["coverage"] >= 0.8, "mapped_share": d.get("mapped_share"),
            "mapped_ok": (d.get("mapped_share") or 0) >= 0.8, "gpu_busy_ms": d.get("gpu_busy_ms"),
            "gpu_busy_share": d.get("gpu_busy_share"), "busy_coverage": d.get("busy_coverage"),
            "host_bound": host.get("finding") == "host_bound" if host else None, "phases_s": d.get("phases_s"),
            "gpu_coverage": d.get("gpu_coverage"), "largest_gain": largest_gain(d["items"]),
            "coverage_basis": (d.get("gpu_coverage_detail") or {}).get("basis"), "table": table,
            "unmapped": d["unmapped"][:10], "report": d}


def largest_gain(items: list[dict]) -> dict|None:
    "The item claiming the largest gain: its workload, gain, CI, where the gain comes from and its priority."
    best = max((r for r in items if r.get("gain")), key=lambda r: r["gain"], default=None)
    return best and {k: best.get(k) for k in ("workload", "gain", "gain_ci95", "gain_source", "priority", "approach")}


def table(rows: list[dict]) -> str:
    "One line per model: mapped share, coverage of the GPU-busy time (basis), wall time, largest claimed gain."
    pct = lambda x: "-" if x is None else f"{x:.1%}"
    out = [f"{'model':16} {'status':8} {'mapped':>7} {'coverage':>9} {'basis':12} {'wall s':>7}  largest gain"]
    for r in rows:
        g = r.get("largest_gain") or {}
        ci = f" [{g['gain_ci95'][0]:.2f}, {g['gain_ci95'][1]:.2f}]" if g.get("gain_ci95") else " (no CI)"
        gain = f"{g['gain']:.2f}x{ci} {g['priority']} {g['workload']}" if g else "-"
        out.append(f"{r['model']:16} {r['status'][:8]:8} {pct(r.get('mapped_share')):>7} "
                   f"{pct(r.get('gpu_coverage')):>9} {r.get('coverage_basis') or '-':12} {r['wall_s']:7.1f}  {gain}")
    return "\n".join(out)


def main(argv: list[str]|None=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", required=True, help="the JSON file to write")
    ap.add_argument("--device", default="cuda"); ap.add_argument("--precision", default="bf16")
    ap.add_argument("--models", default=",".join(MODELS), help="comma-separated names under examples/models/")
    ap.add_argument("--timeout", type=float, default=300, help="seconds per model")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).parent))
    from _harness import JsonRun
    run = JsonRun(a.out, "benchmarks/record_model_corpus.py", 21, device=a.device, precision=a.precision,
                  commit=os.environ.get("CEILING_SCOUT_COMMIT"))
    rows = []
    for name in [m for m in a.models.split(",") if m]:
        def one(name=name):
            r = record_one(name, a.device, a.precision, a.timeout)
            cov = f", coverage {r['coverage']:.1%}" if r.get("coverage") is not None else ""
            if r.get("mapped_share") is not None: cov += f", mapped {r['mapped_share']:.1%}"
            if r.get("gpu_busy_share") is not None:
                bound = " (host-bound)" if r["host_bound"] else ""
                cov += f", GPU busy {r['gpu_busy_share']:.0%} of the step{bound}"
            ph = ", ".join(f"{k[:-2]} {v:.1f}" for k, v in (r.get("phases_s") or {}).items())
            print(f"{name}: {r['status']} in {r['wall_s']:.1f} s{cov}" + (f" [{ph} s]" if ph else ""), flush=True)
            rows.append({k: v for k, v in r.items() if k not in ("table", "report", "unmapped")})
            return r
        run.section(name, one)
    run.result["table"] = rows
    # whether each process read compiled bytecode or compiled every module it imported (a machine with
    # PYTHONDONTWRITEBYTECODE=1 and no .pyc pays that in every process: 17-19 s of imports on one H200 host)
    run.result["python_bytecode"] = {k: os.environ.get(k) for k in ("PYTHONDONTWRITEBYTECODE", "PYTHONPYCACHEPREFIX")}
    run.save()
    print(table(rows), flush=True)
    print(f"python bytecode: {run.result['python_bytecode']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
