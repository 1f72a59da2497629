"""What every GPU script in benchmarks/ shares: provenance (command, date, environment incl. code commit, nvidia-smi), one
`ceiling_scout.recorded/1` file rewritten after each section (so a crash or a time limit never loses a finished section and
the file can go straight into data/recorded/<device>/), and sections that record their error and let the run go on.

Import this module before torch: it keeps NVLink multicast off (NCCL_NVLS_ENABLE=0) for anything that starts NCCL."""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start (see the device notes)
import datetime as dt, subprocess, sys, time, traceback
from pathlib import Path


def log(*a): print(*a, flush=True)


def nvidia_smi() -> str:
    "The GPU's name, driver, maximum SM clock, power limit and memory as nvidia-smi reports them, or why not."
    q = "--query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total"
    try: return subprocess.run(["nvidia-smi", q, "--format=csv"], capture_output=True, text=True, timeout=20).stdout
    except Exception as e: return f"unavailable: {e}"


def environment(device: str) -> dict:
    "`capture_environment(device)` as a dict (device, driver, torch/CUDA/cuDNN, host, date, code commit)."
    from ceiling_scout.engine.core import capture_environment
    return capture_environment(device).to_dict()


def _launch_command() -> str:
    "The command line as launched: `torchrun --nproc_per_node N script ...` under torchrun, else `python script ...`."
    n = os.environ.get("LOCAL_WORLD_SIZE") if os.environ.get("TORCHELASTIC_RUN_ID") else None
    return " ".join((["torchrun", "--nproc_per_node", n] if n else ["python"]) + sys.argv)


class JsonRun:
    """One script run, saved as a recording: `result` holds provenance, sections, errors and section times (and whatever
    the script adds); `ceilings` ({'<precision>/<regime>': Ceiling|dict}) and `reports` (Report|dict) are the loadable
    part. `save()` writes `ceiling_scout.recorded/1` to `out`, everything in `result` but the provenance under `extra`."""
    def __init__(self, out, script: str, issue: int, device: str | None = None, **provenance):
        self.out, self.t0 = Path(out), time.time()
        self.ceilings, self.reports = {}, []
        if "environment" not in provenance: provenance["environment"] = environment(device or _default_device())
        self.result = {"provenance": {"command": _launch_command(), "script": script, "issue": issue,
                                      "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                                      "nvidia_smi": nvidia_smi(), **provenance},
                       "sections": {}, "errors": [], "section_seconds": {}}

    def save(self):
        "Rewrite the recording (atomically: a run killed mid-write leaves the previous version)."
        from ceiling_scout.reports.recorded import write_recorded
        self.result["wall_s"] = round(self.elapsed_s, 1)
        extra = {k: v for k, v in self.result.items() if k != "provenance"}
        write_recorded(self.out, self.result["provenance"], self.ceilings, self.reports, extra)

    def error(self, section: str, e: Exception):
        "Record `e` (with its traceback) against `section` and log it."
        self.result["errors"].append({"section": section, "error": f"{type(e).__name__}: {e}",
                                      "traceback": traceback.format_exc()[-2000:]})
        log(traceback.format_exc())

    def section(self, name: str, fn):
        "Run `fn()`, store what it returns (unless None) under `name`; an exception is recorded and the run goes on."
        log(f"\n=== {name} ===")
        t = time.time()
        try:
            r = fn()
            if r is not None: self.result["sections"][name] = r
        except Exception as e: self.error(name, e)
        self.result["section_seconds"][name] = round(time.time() - t, 1)
        self.save()

    @property
    def elapsed_s(self) -> float: return time.time() - self.t0


def _default_device() -> str:
    import torch
    return "cuda" if torch.cuda.is_available() else "cpu"


def script_parser(name: str, rounds: int|None=None):
    "The arguments every GPU script takes: --out (default $OUT/<name>.json), --smoke (tiny CPU shapes), and --rounds."
    import argparse
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=os.path.join(os.environ.get("OUT", "."), f"{name}.json"))
    ap.add_argument("--smoke", action="store_true", help="tiny shapes on the CPU: checks the script itself in seconds")
    if rounds is not None: ap.add_argument("--rounds", type=int, default=rounds)
    return ap
