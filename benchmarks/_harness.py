"""What every GPU script in benchmarks/ shares: provenance, a JSON file rewritten after each section (so a crash or a
time limit never loses a finished section), and sections that record their error and let the run go on."""
import datetime as dt, json, subprocess, sys, time, traceback
from pathlib import Path


def log(*a): print(*a, flush=True)


def nvidia_smi() -> str:
    "The GPU's name, driver, maximum SM clock, power limit and memory as nvidia-smi reports them, or why not."
    try:
        return subprocess.run(["nvidia-smi", "--query-gpu=name,driver_version,clocks.max.sm,power.limit,memory.total", "--format=csv"],
                              capture_output=True, text=True, timeout=20).stdout
    except Exception as e: return f"unavailable: {e}"


class JsonRun:
    "One script run: `result` holds provenance, sections, errors and section times; `save()` writes it to `out`."
    def __init__(self, out, script: str, issue: int, **provenance):
        self.out, self.t0 = Path(out), time.time()
        self.result = {"provenance": {"command": " ".join(["python"] + sys.argv), "script": script, "issue": issue,
                                      "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
                                      "nvidia_smi": nvidia_smi(), **provenance},
                       "sections": {}, "errors": [], "section_seconds": {}}

    def save(self):
        self.out.parent.mkdir(parents=True, exist_ok=True)
        self.out.write_text(json.dumps(self.result, indent=1, default=str))

    def section(self, name: str, fn):
        "Run `fn()` and store what it returns under `name`; an exception is recorded with its traceback and the run goes on."
        log(f"\n=== {name} ===")
        t = time.time()
        try: self.result["sections"][name] = fn()
        except Exception as e:
            self.result["errors"].append({"section": name, "error": f"{type(e).__name__}: {e}", "traceback": traceback.format_exc()[-2000:]})
            log(traceback.format_exc())
        self.result["section_seconds"][name] = round(time.time() - t, 1)
        self.save()

    @property
    def elapsed_s(self) -> float: return time.time() - self.t0
