"""The cheat matrix (issue 22): every planted cheat and honest kernel of `examples/kernels/suite.json` for one device
through `ceiling_scout.modes.validation.validate`, each in a process of its own under a time limit (one bad kernel
cannot stop the run), then the confusion matrix: planted rejected / accepted, honest accepted / rejected, traps named
right. A case that crashes is recorded and the run goes on.

    PYTHONPATH=. python benchmarks/cheat_matrix.py --device cpu --out /tmp/cm.json
    PYTHONPATH=. CEILING_SCOUT_COMMIT=$(git rev-parse HEAD) python benchmarks/cheat_matrix.py --device cuda \
        --out $OUT/cheat_matrix_h100.json
    PYTHONPATH=. python benchmarks/cheat_matrix.py --device cpu --only racy --out /tmp/one.json

Traps come from the validator (`ValidationResult.traps`) where it names them; a validator that does not yet is read
through `infer_traps` (its check names mapped to the trap codes), and the record says which (`trap_source`).
"""
from __future__ import annotations
import argparse, datetime as dt, importlib.util, json, os, subprocess, sys, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KERNELS = ROOT / "examples" / "kernels"
SUITE = KERNELS / "suite.json"
if importlib.util.find_spec("ceiling_scout") is None: sys.path.insert(0, str(ROOT))   # PYTHONPATH's, else this one
ACCEPTS = ("PASS", "KEEP", "REVERT", "TOO_CLOSE_TO_CALL")   # correct and timed: the kernel is taken
CPU_TIMING = {"warmup": 1, "iters": 10, "rounds": 5}       # enough calls for the timed-loop checks, bounded on 2 cores


def load_suite(path: str | Path = SUITE) -> list[dict]:
    "The suite's entries (a one-line error for a missing file or a malformed entry)."
    entries = json.loads(Path(path).read_text())["entries"]
    need = ("name", "candidate", "operation", "shape", "precision", "where", "expect")
    for e in entries:
        if miss := [k for k in need if k not in e]: raise ValueError(f"suite entry {e.get('name')!r} lacks {miss}")
        if e["where"] not in ("cpu", "gpu", "both"): raise ValueError(f"{e['name']}: where must be cpu, gpu or both")
        if e["expect"] not in ("reject", "accept"): raise ValueError(f"{e['name']}: expect must be reject or accept")
        if e["expect"] == "reject" and not e.get("trap"): raise ValueError(f"{e['name']}: a reject names its trap")
    return entries


def entries_for(entries: list[dict], device: str, only: str | None = None) -> list[dict]:
    """The entries that run on `device` ('cpu' or 'cuda'), GPU shape and precision applied; `only`: comma-separated
    names (a name selects that case; a part of a name, every case containing it)."""
    kind = "cpu" if device == "cpu" else "gpu"
    out = [dict(e, **(e.get("cuda") or {})) if kind == "gpu" else dict(e) for e in entries
           if e["where"] in (kind, "both")]
    if only:
        keys = [k.strip().lower() for k in only.split(",") if k.strip()]
        names = {e["name"].lower() for e in out}   # a key that is a name selects that case only; else a part
        out = [e for e in out if any(k == e["name"].lower() if k in names else k in e["name"].lower() for k in keys)]
        if not out: raise ValueError(f"--only {only!r} matches no {kind} entry of the suite")
    return out


def _trap_of(c: dict) -> str:
    "The trap code a failed check of the pre-issue-22 validator stands for, read from its name and detail."
    name, detail, stats = c.get("name", ""), c.get("detail", ""), c.get("stats") or {}
    by_name = {"output does not alias an input": "aliases_input", "inputs untouched": "overwrites_input",
               "each call returns its own output": "reused_output", "two identical calls agree": "racy",
               "time limit": "hang"}
    if name in by_name: return by_name[name]
    if name.startswith("fresh memory poisoned"): return "uninitialized"
    if name == "the kernel runs":
        return "exits" if any(w in detail for w in ("exit", "working directory", "child")) else "raises"
    if stats: return "nonfinite" if stats.get("nonfinite") else (
        "stale_cache" if "cached or stale" in detail else "wrong_values")
    return "output_type"   # a judged output without error stats: not a tensor, or the wrong shape, dtype or device


def infer_traps(result: dict) -> list[str]:
    "Trap codes of a validation report whose checks carry none (the validator before issue 22), in check order."
    return list(dict.fromkeys(c.get("trap") or _trap_of(c) for c in result.get("checks", [])
                              if c.get("passed") is False))


def verdict_traps(verdict: str, traps: list[str]) -> list[str]:
    "`traps` with what the verdict says: LIBRARY is library_kernel, CHECK_MEASUREMENT (above spec) physics_floor."
    extra = {"LIBRARY": "library_kernel", "CHECK_MEASUREMENT": "physics_floor"}.get(verdict)
    return list(traps) + ([extra] if extra and extra not in traps else [])


FIXED_SEEDS = {"fixed": [100, 101, 102, 200, 201, 300, 400, 500],
               "note": "the validator records no seeds: these are its fixed ones (before issue 22, item 7)"}


def worker(entry: dict, device: str, ceiling_cache: str) -> dict:
    "One entry validated in this process: verdict, traps (and where they came from), seeds, seconds, failed checks."
    from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig
    from ceiling_scout.modes.validation import validate_spec
    from ceiling_scout.engine.core import sentence
    tool = {sentence("validation", k, {}) for k in ("judged_here", "wall", "library_here")} | {"physics floor"}
    opts = {**(CPU_TIMING if device == "cpu" else {}), **entry.get("options", {})}
    scout = CeilingScout(ScoutConfig(device, MeasureConfig.fixed(opts.get("warmup", 5), opts.get("iters", 50)),
                                     cache=ceiling_cache))
    clock = time.perf_counter   # taken before the candidate is imported (a planted kernel may patch the clock)
    t0 = clock()
    v, _ = validate_spec(entry["operation"], entry["shape"], entry["precision"], str(KERNELS / entry["candidate"]),
                         device, compare=True, scout=scout, **entry.get("extras", {}), **opts)
    seconds = clock() - t0
    d = v.to_dict()
    named = getattr(v, "traps", None)
    traps = list(dict.fromkeys(infer_traps(d) if named is None else named))   # each code once, in order
    return {"verdict": v.verdict, "traps": verdict_traps(v.verdict, traps),
            "trap_source": "validator" if named is not None else "inferred from check names",
            "seeds": d.get("seeds") or FIXED_SEEDS, "verdict_s": seconds, "speedup": d.get("speedup"),
            "speedup_ci95": d.get("speedup_ci95"),
            "library_ms": (d.get("baseline") or {}).get("mean_ms"), "candidate_ms": (d.get("custom") or {}).get("mean_ms"),
            "speed_of_light": d.get("speed_of_light"),   # ncu's share of SM and DRAM throughput each side's ms needs
            "tool_checks": [{k: c.get(k) for k in ("name", "detail")} for c in d["checks"]   # the tool's own look
                            if c.get("name") in tool],
            "failed_checks": [{k: c.get(k) for k in ("name", "detail", "trap")} for c in d["checks"]
                              if c.get("passed") is False]}


def _child(entry: dict, device: str, ceiling_cache: str, conn) -> None:
    "The body of one case's process: its record (or its error as one line) sent back through `conn`."
    try: conn.send(worker(entry, device, ceiling_cache))
    except BaseException as e: conn.send({"verdict": "ERROR", "traps": [], "error": f"{type(e).__name__}: {e}"[:300]})
    finally: conn.close()


def case_processes():
    "Processes forked from a server that imported torch and the validator once (no interpreter start per case)."
    import multiprocessing as mp
    ctx = mp.get_context("forkserver")
    # torch._inductor: imported by the validator's first call of torch.use_deterministic_algorithms (1.3 s a case)
    ctx.set_forkserver_preload(["torch", "torch._inductor", "ceiling_scout.modes.validation",
                                "ceiling_scout.engine.scout"])
    return ctx


def run_case(entry: dict, device: str, ceiling_cache: str, timeout_s: float, ctx=None) -> dict:
    "One entry in a process of its own under `timeout_s`; its record, or the crash or time-out as verdict ERROR."
    ctx, t0 = ctx or case_processes(), time.time()
    here, there = ctx.Pipe(duplex=False)
    p = ctx.Process(target=_child, args=(entry, device, ceiling_cache, there))   # not a daemon: the
    # validator spawns a process of its own for the kernel on a GPU, and a daemon may not have children
    p.start(); there.close()
    rec, timed_out = None, False
    try:
        if here.poll(timeout_s): rec = here.recv()
        else: timed_out = True
    except EOFError: pass   # the process ended without a word (an exit or a crash)
    if timed_out: p.kill()
    p.join(30)
    if p.is_alive(): p.kill(); p.join(10)   # answered, but a thread it left keeps the process from ending
    if rec is None:
        why = f"no result within {timeout_s:g} s (killed)" if timed_out else \
            f"the case's process ended with exit code {p.exitcode} and no result"
        rec = {"verdict": "ERROR", "traps": [], "error": why}
    return {**rec, "wall_s": time.time() - t0}


def outcome(entry: dict, rec: dict) -> str:
    "caught, caught_wrong_trap, false_accept, not_judged (planted); accepted, library, false_reject (honest)."
    v = rec["verdict"]
    if entry["expect"] == "accept":   # LIBRARY (correct, only the library's kernels) is right for torch-op kernels
        return "accepted" if v in ACCEPTS else "library" if v == "LIBRARY" and entry.get("library_ok") else \
            "false_reject"
    if v in ACCEPTS: return "false_accept"
    if v == "ERROR": return "not_judged"
    return "caught" if {entry["trap"], *entry.get("also", [])} & set(rec["traps"]) else "caught_wrong_trap"


def matrix(records: list[dict]) -> dict:
    "The confusion matrix: counts of each outcome, and the traps named right among planted rejects."
    count = lambda o: sum(r["outcome"] == o for r in records)
    planted = [r for r in records if r["expect"] == "reject"]
    times = sorted(r["verdict_s"] for r in records if r.get("verdict_s") is not None)
    return {"planted": len(planted), "planted_rejected": len(planted) - count("false_accept"),
            "planted_accepted": count("false_accept"), "planted_not_judged": count("not_judged"),
            "traps_named_right": count("caught"), "traps_named_wrong": count("caught_wrong_trap"),
            "honest": len(records) - len(planted), "honest_accepted": count("accepted") + count("library"),
            "honest_library": count("library"), "honest_rejected": count("false_reject"),
            "median_verdict_s": times[len(times) // 2] if times else None,
            "max_verdict_s": times[-1] if times else None}


def matrix_text(m: dict, records: list[dict]) -> str:
    "The matrix and one line per case that is not right, for the terminal."
    rows = [f"                 rejected  accepted",
            f"  planted ({m['planted']:>2})   {m['planted_rejected']:>6}  {m['planted_accepted']:>8}"
            f"   (traps named right {m['traps_named_right']}, wrong {m['traps_named_wrong']}, "
            f"not judged {m['planted_not_judged']})",
            f"  honest  ({m['honest']:>2})   {m['honest_rejected']:>6}  {m['honest_accepted']:>8}"
            f"   (LIBRARY verdicts among them {m['honest_library']})",
            f"  seconds per verdict: median {m['median_verdict_s'] or 0:.2f}, max {m['max_verdict_s'] or 0:.2f}"]
    bad = [f"  {r['outcome']:<18} {r['name']}: verdict {r['verdict']}, traps {r['traps'] or '-'}"
           + (f", expected {r['trap']}" if r["expect"] == "reject" else "") for r in records
           if r["outcome"] not in ("caught", "accepted", "library")]
    return "\n".join(rows + (["cases not right:"] + bad if bad else []))


def provenance(device: str) -> dict:
    "Where and when: device name, torch version, date, command, code commit (env CEILING_SCOUT_COMMIT, else git)."
    import torch
    name = torch.cuda.get_device_name(0) if device != "cpu" and torch.cuda.is_available() else "cpu"
    commit = os.environ.get("CEILING_SCOUT_COMMIT")
    if not commit:
        try: commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True, cwd=ROOT,
                                     timeout=10).stdout.strip() + " (git, not CEILING_SCOUT_COMMIT)"
        except Exception: commit = "unknown"
    return {"device": device, "device_name": name, "torch": torch.__version__, "date": dt.datetime.now().isoformat(),
            "command": " ".join(["python"] + sys.argv), "commit": commit}


def _resumed(path: str | Path | None, device: str) -> list[dict]:
    "The records of an earlier run of this matrix (its JSON), checked: same schema and device; [] without one."
    if not path or not Path(path).is_file(): return []
    try: d = json.loads(Path(path).read_text())
    except (OSError, ValueError) as e: raise ValueError(f"--resume {path}: not readable JSON ({e})") from None
    if d.get("schema") != "ceiling_scout.cheat_matrix/1" or d.get("provenance", {}).get("device") != device:
        raise ValueError(f"--resume {path}: not a {device} cheat matrix (schema ceiling_scout.cheat_matrix/1)")
    commit = d.get("provenance", {}).get("commit")   # each kept case keeps the code it ran with
    return [{"commit": commit, **r} for r in d.get("records", []) if isinstance(r, dict) and r.get("name")
            and r.get("outcome")]


def run_matrix(device: str, out: str | Path, only: str | None = None, timeout_s: float = 300,
               suite: str | Path = SUITE, ceilings: str | Path | None = None, resume: str | Path | None = None) -> dict:
    "Every entry for `device`, one process each; the JSON written to `out` after each case; the document."
    import torch
    if device == "cuda" and not torch.cuda.is_available(): raise ValueError("--device cuda: no CUDA device here")
    done = _resumed(resume, device)
    entries = [e for e in entries_for(load_suite(suite), device, only) if e["name"] not in {r["name"] for r in done}]
    cache = str(ceilings or Path(out).with_name(Path(out).stem + "_ceilings.json"))
    doc = {"schema": "ceiling_scout.cheat_matrix/1", "provenance": provenance(device), "suite": str(suite),
           "records": done, "resumed_records": len(done), "matrix": matrix(done)}
    if not entries: Path(out).write_text(json.dumps(doc, indent=1, default=str))   # a resume with nothing left
    ctx = case_processes()
    for i, e in enumerate(entries, 1):
        rec = {**e, **run_case(e, device, cache, timeout_s, ctx), "commit": doc["provenance"]["commit"]}
        rec["outcome"] = outcome(e, rec)
        doc["records"].append(rec)
        print(f"[{i}/{len(entries)}] {e['name']}: {rec['verdict']} {rec['traps'] or ''} -> {rec['outcome']} "
              f"({rec['wall_s']:.1f} s)", flush=True)
        doc["matrix"] = matrix(doc["records"])
        Path(out).write_text(json.dumps(doc, indent=1, default=str))
    return doc


def write_recorded_matrix(doc: dict, path: str | Path, device: str) -> Path:
    "The matrix as a `ceiling_scout.recorded/1` file: provenance with the environment (driver, torch/CUDA), doc in extra."
    from ceiling_scout.engine.core import capture_environment
    from ceiling_scout.reports.recorded import write_recorded
    env = capture_environment(device).to_dict()
    if env.get("code_commit") is None and doc["provenance"].get("commit"):
        env["code_commit"] = doc["provenance"]["commit"].split()[0]
    prov = {"command": doc["provenance"]["command"], "script": "benchmarks/cheat_matrix.py", "issue": 22,
            "date": doc["provenance"]["date"], "environment": env}
    write_recorded(path, prov, {}, [], {k: v for k, v in doc.items() if k != "provenance"})
    return Path(path)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--device", choices=("cpu", "cuda"), default="cpu")
    ap.add_argument("--only", help="run only the entries whose name contains one of these (comma-separated, case-insensitive)")
    ap.add_argument("--timeout", type=float, default=None,
                    help="seconds one case's process may take (default 120 on the CPU, 900 on a GPU: ceilings and "
                         "torch.compile)")
    ap.add_argument("--suite", default=str(SUITE))
    ap.add_argument("--ceilings", help="the measured-ceiling cache file (default: FILE_ceilings.json beside --out)")
    ap.add_argument("--out", required=True, help="the JSON file to write")
    ap.add_argument("--resume", help="an earlier run's JSON: its cases are kept and not run again")
    ap.add_argument("--recorded", help="also write the matrix as a ceiling_scout.recorded/1 file (for data/recorded/)")
    a = ap.parse_args(argv)
    timeout = a.timeout or (120 if a.device == "cpu" else 900)
    try: doc = run_matrix(a.device, a.out, a.only, timeout, a.suite, a.ceilings, a.resume)
    except ValueError as e:
        print(f"cheat_matrix: {e}", file=sys.stderr); return 2
    print(matrix_text(doc["matrix"], doc["records"]))
    print(f"wrote {a.out}")
    if a.recorded: print(f"wrote {write_recorded_matrix(doc, a.recorded, a.device)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
