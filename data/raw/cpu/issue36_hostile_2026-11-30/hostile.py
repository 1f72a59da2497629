"""Hostile pass of issue 36 ("Hardening round 3") on the CPU: adversarial cases against the CLI
(`python -m ceiling_scout ...`), the Python API (Dispatcher, load_reports, candidate_pin, detect_ceiling, read_ops_json)
and `benchmarks/cheat_matrix.py`. Each case runs in a fresh process, in a temporary folder of its own, under a time limit,
tagged through its environment so that whatever it leaves running is found in /proc. Each case is classified:

  GOOD          one-line error (exit 2) or the right result (exit 0), nothing left running
  TRACEBACK     a Python traceback, or exit 1 (an unexpected failure)
  LOSS          a result or a file lost or overwritten
  SILENT_WRONG  bad input accepted without a word, or a wrong result
  RAN_UNASKED   user code run that should not have been (a marker file its import writes)
  LEFT_BEHIND   a process the case started still running after the tool left
  HANG          past its time limit
  CRASH         ended by a signal or an abort (exit < 0 or 134): no traceback, and no verdict either
  MESSY         none of the above but not right either: a multi-line error, a wrong exit status, a valid input refused

Round of 2026-11-30 (the next hostile pass): every case of the 2026-11-29 pass, plus cases aimed at what landed
since: --jobs/--executor/--slurm, --fleet, --tp with --model factories, --counters, signed reports (HMAC under
$CEILING_SCOUT_KEY, Dispatcher(signed_only=True)), and an --output folder that disappears mid-run. The run signs with a
key of its own (CEILING_SCOUT_KEY in its temporary folder; nothing under ~/.config is touched). The earlier Dispatcher
cases re-sign the KEEP they forge (`keep(d)` signs) so that each still tests the check it was written for (pins, dates,
plausibility); `dispatcher:invented_report` keeps its report unsigned, as someone without the key writes it.

Usage (from the repository root, the tree under test first on the path):
    PYTHONPATH=$PWD python data/raw/cpu/issue36_hostile_2026-11-30/hostile.py --tag before [--only SUBSTR] [--workers 2]
Writes results_TAG.json and summary_TAG.md beside this file."""
from __future__ import annotations
import argparse, json, os, shutil, signal, subprocess, sys, tempfile, textwrap, time, uuid
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[3]
PY = sys.executable
GOOD_KERNEL = ROOT / "examples/kernels/good_gemm.py"
CPU = ["--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3", "--quiet"]
GEMM = ["--operation", "gemm", "--shape", "32,32,32", *CPU]
VGEMM = ["--operation", "gemm", "--shape", "64,64,64", *CPU]
TINY = ["--model", "llama_block_tiny", "--no-fusion", *CPU]
CLASSES = ["GOOD", "TRACEBACK", "LOSS", "SILENT_WRONG", "RAN_UNASKED", "LEFT_BEHIND", "HANG", "CRASH", "MESSY"]
MARK = "import os as _o; open(_o.path.join(_o.path.dirname(_o.path.abspath(__file__)), 'ran.txt'), 'a').write('x')\n"


@dataclass
class Case:
    name: str
    group: str
    argv: list                 # '{t}' is the case's folder; argv[0] 'python' is this interpreter, else CLI arguments
    expect: str = "err"        # err: exit 2 + one line | ok: exit 0 | either: one of those | py: the snippet's RESULT
    files: dict = field(default_factory=dict)   # name -> str/bytes content, or a callable(path) that makes it
    post: Callable | None = None                 # (t, rc, out, err) -> (class, detail) | None
    ok_needle: str = ""                          # for expect ok: stdout must hold it
    timeout: float = 60
    stdout: str = "pipe"                          # pipe | closed
    shell: bool = False                           # argv[0] is a bash command line
    no_mark: bool = False                         # a ran.txt in the folder means user code ran unasked
    env: dict = field(default_factory=dict)       # extra environment of the case ('{t}' is its folder)


def fifo(p: Path): os.mkfifo(p)
def zero(p: Path): p.symlink_to("/dev/zero")
def sparse(p: Path):
    with open(p, "wb") as f: f.truncate(300 << 20)   # 300 MiB of holes: costs no disk
def deep(p: Path): p.write_text("[" * 100000 + "]" * 100000)
def unclosed(p: Path): p.write_text("[" * 100000)
def folder(p: Path): p.mkdir()


def k(body: str, mark: bool = False) -> str:
    "A kernel module's text (fn(a, b) -> a @ b unless the body says otherwise)."
    return (MARK if mark else "") + textwrap.dedent(body)


# ---------------------------------------------------------------- numeric options
NUM = {   # option -> (context argv, {value: expect}); values not listed expect 'err'
    "--warmup": (GEMM, {"0": "ok"}),
    "--iters": (GEMM, {}),
    "--target-ci": (GEMM + ["--adaptive"], {"huge": "either"}),
    "--max-time": (GEMM + ["--adaptive"], {"inf": "either", "huge": "either"}),
    "--kernel-timeout": (VGEMM + ["--custom-kernel", f"{GOOD_KERNEL}:matmul"], {"inf": "ok", "huge": "ok"}),
    "--profile-steps": (["--profile", "{t}/prof.py:fn", *CPU], {}),
    "--profile-warmup": (["--profile", "{t}/prof.py:fn", *CPU], {"0": "ok"}),
    "--batch": (TINY, {}),
    "--seq": (TINY, {}),
    "--max-compiled": (TINY, {"0": "ok", "huge": "either"}),
    "--scale-down": (["--model", f"hf:{ROOT}/examples/hf_configs/gpt2.json", "--no-fusion", *CPU], {}),
    "--tp": (["--model", "llama_block_tiny", *CPU], {}),
    "--collective-timeout": (["--operation", "all_reduce", "--shape", "1024", *CPU], {}),
    "--k-min": (GEMM + ["--k-sweep", "--k-max", "64", "--k-step", "32"], {}),
    "--k-step": (GEMM + ["--k-sweep", "--k-min", "32", "--k-max", "64"], {}),
    "--stride": (["--operation", "conv2d", "--shape", "1,4,8,8,4,3,3", *CPU], {}),
    "--padding": (["--operation", "conv2d", "--shape", "1,4,8,8,4,3,3", *CPU], {"0": "ok"}),
    "--groups": (["--operation", "conv2d", "--shape", "1,4,8,8,4,3,3", *CPU], {}),
    "--kv-heads": (["--operation", "attention", "--shape", "1,2,16,16", *CPU], {}),
    "--sparsity": (["--operation", "sparse_gemm", "--shape", "64,64,64", *CPU], {"0": "either"}),
    "--block-size": (["--operation", "sparse_gemm", "--shape", "64,64,64", *CPU], {}),
}
VALUES = {"-1": "-1", "0": "0", "nan": "nan", "inf": "inf", "empty": "", "huge": "1e30"}
PROF = "def fn():\n    return sum(range(100))\n"


def numeric_cases() -> list[Case]:
    out = []
    for opt, (ctx, exp) in NUM.items():
        for vname, v in VALUES.items():
            out.append(Case(f"num{opt}={vname}", "numeric", [*ctx, opt, v], exp.get(vname, "err"),
                            files={"prof.py": PROF}, timeout=90))
    return out


# ---------------------------------------------------------------- ops.json
def ops_cases() -> list[Case]:
    G = {"op": "gemm", "shape": [8, 8, 8]}
    bad = {
        "op_int": {"a": {**G, "op": 5}}, "op_unknown": {"a": {**G, "op": "nope"}},
        "shape_object": {"a": {**G, "shape": {"m": 8}}}, "shape_empty": {"a": {**G, "shape": []}},
        "shape_negative": {"a": {**G, "shape": [-8, 8, 8]}}, "shape_float": {"a": {**G, "shape": [8.5, 8, 8]}},
        "shape_bool": {"a": {**G, "shape": [True, 8, 8]}}, "shape_nested": {"a": {**G, "shape": [[8], 8, 8]}},
        "shape_huge": {"a": {**G, "shape": [10**12, 10**12, 10**12]}}, "shape_long": {"a": {**G, "shape": [8] * 9}},
        "count_negative": {"a": {**G, "count": -1}}, "count_text": {"a": {**G, "count": "2"}},
        "count_float": {"a": {**G, "count": 1.5}}, "precision_int": {"a": {**G, "precision": 7}},
        "precision_unknown": {"a": {**G, "precision": "fp99"}}, "time_ms_text": {"a": {**G, "time_ms": "x"}},
        "time_ms_negative": {"a": {**G, "time_ms": -5}}, "entry_list": {"a": [1, 2]}, "top_list": [G],
        "top_string": "gemm", "empty_object": {}, "only_meta": {"_model": "m"},
        "kv_heads_text": {"att": {"op": "attention", "shape": [1, 2, 16, 16], "kv_heads": "two"}},
        "causal_text": {"att": {"op": "attention", "shape": [1, 2, 16, 16], "causal": "yes"}},
        "unknown_field": {"a": {**G, "colour": "red"}},
    }
    out = [Case(f"ops:{n}", "ops.json", ["--ops", "{t}/ops.json", *CPU], "err", files={"ops.json": json.dumps(d)})
           for n, d in bad.items()]
    raw = {"nan_literal": '{"a": {"op": "gemm", "shape": [NaN, 8, 8]}}', "inf_number": '{"a": {"op": "gemm", '
           '"shape": [1e400, 8, 8]}}', "not_utf8": b'{"a": "\xff\xfe"}', "zero_bytes": "",
           "dup_keys": '{"a": {"op": "gemm", "shape": [8,8,8]}, "a": {"op": "gemm", "shape": [8,8,8], "op": 3}}'}
    out += [Case(f"ops:{n}", "ops.json", ["--ops", "{t}/ops.json", *CPU], "err", files={"ops.json": d})
            for n, d in raw.items()]
    for n, mk in {"fifo": fifo, "dev_zero": zero, "deep": deep, "unclosed_deep": unclosed, "directory": folder,
                  "sparse_300MiB": sparse}.items():
        out.append(Case(f"ops:{n}", "ops.json", ["--ops", "{t}/ops.json", *CPU], "err", files={"ops.json": mk}))
    out.append(Case("ops:missing", "ops.json", ["--ops", "{t}/nope.json", *CPU], "err"))
    out.append(Case("ops:good", "ops.json", ["--ops", "{t}/ops.json", "--no-fusion", *CPU], "ok",
                    files={"ops.json": json.dumps({"a": G})}))
    return out


# ---------------------------------------------------------------- the ceiling cache
def cache_low(p: Path):
    "The warmed cache with every fp32 peak 1e6 times too low."
    t = p.parent
    d = json.loads((t / "cache/measured_ceilings.json").read_text())
    for env in d.values():
        for e in env.get("matmul", {}).get("fp32", {}).values():
            if isinstance(e, dict) and "value" in e: e["value"] *= 1e-6; e["mean_ms"] *= 1e6   # self-consistent
    (t / "c.json").write_text(json.dumps(d))


def low_post(t, rc, out, err):
    if rc != 0: return None
    d = json.loads(out)
    eff = d.get("efficiency")
    if eff is not None and eff > 2 and not any("ceiling" in w.lower() for w in d.get("warnings", [])):
        return "SILENT_WRONG", f"efficiency {eff:.3g} against a ceiling 1e6x too low, no warning"
    return "GOOD", f"efficiency {eff}"


def cache_cases() -> list[Case]:
    out = []
    for n, mk in {"fifo": fifo, "dev_zero": zero, "directory": folder}.items():
        out.append(Case(f"cache:{n}", "cache", [*GEMM, "--cache", "{t}/c.json"], "err", files={"c.json": mk}))
    out.append(Case("cache:sparse_300MiB", "cache", [*GEMM, "--cache", "{t}/c.json"], "ok", files={"c.json": sparse},
                    ok_needle="unreadable ceiling cache", timeout=120))   # set aside and said, as a deep one
    out.append(Case("cache:empty_path", "cache", [*GEMM, "--cache", ""], "err"))
    out.append(Case("cache:deep", "cache", [*GEMM, "--cache", "{t}/c.json"], "ok", files={"c.json": deep},
                    ok_needle="unreadable ceiling cache", timeout=120))
    out.append(Case("cache:wrong_types", "cache", [*GEMM, "--cache", "{t}/c.json"], "ok",
                    files={"c.json": '{"x": 5, "y": [1, 2]}'}, timeout=120))
    out.append(Case("cache:unwritable", "cache", [*GEMM, "--cache", "/proc/self/cache.json"], "either", timeout=120))
    out.append(Case("cache:not_json_suffix", "cache", [*GEMM, "--cache", "{t}/c.txt"], "either", timeout=120))
    out.append(Case("cache:1e6_too_low", "cache", ["--operation", "gemm", "--shape", "256,256,256", *CPU, "--json",
                                                   "--cache", "{t}/c.json"], "ok", files={"c.json": cache_low},
                    post=low_post, timeout=120))
    return out


# ---------------------------------------------------------------- --output / --write-ops / --force
def keeps(name: str, text: str):
    def post(t, rc, out, err):
        p = t / name
        if not p.exists() or p.read_text() != text:
            return "LOSS", f"{name} changed or gone (exit {rc})"
    return post


def backups_post(t, rc, out, err):
    baks = sorted(p for p in t.glob("r.json.bak*"))
    texts = [p.read_text() for p in baks]
    if '{"old": 1}' not in texts: return "LOSS", f"original gone; backups {[p.name for p in baks]}"
    try: json.loads((t / "r.json").read_text())
    except Exception as e: return "LOSS", f"r.json not a report: {e}"
    return None


def jsonl_post(t, rc, out, err):
    lines = (t / "runs.jsonl").read_text().splitlines()
    if lines[:2] != [json.dumps({"schema_version": "ceiling_scout.validation/1", "x": 1}), '{"kind": "triage"}']:
        return "LOSS", "earlier lines of the .jsonl changed"
    if rc == 0 and len(lines) != 3: return "LOSS", f"exit 0 but {len(lines)} lines"
    return None


def fallback_post(t, rc, out, err):
    if rc == 4 and len([l for l in err.splitlines() if l.strip()]) == 1: return "GOOD", err.strip()[:200]
    if rc == 0: return "SILENT_WRONG", "exit 0 writing to /dev/full"
    return None


def wops_self_post(t, rc, out, err):
    d = json.loads((t / "ops.json").read_text())
    if "a" not in d: return "LOSS", "--write-ops replaced the --ops input"


def output_cases() -> list[Case]:
    old = '{"old": 1}'
    out = [
        Case("out:exists_no_force", "output", [*GEMM, "--output", "{t}/r.json"], "err", files={"r.json": old},
             post=keeps("r.json", old)),
        Case("out:force_twice", "output", [f"cd {{t}} && for i in 1 2; do {PY} -m ceiling_scout {' '.join(GEMM)} "
                                           "--output r.json --force || exit $?; done"], "ok",
             files={"r.json": old}, post=backups_post, shell=True, timeout=90),
        Case("out:force_concurrent3", "output", [f"cd {{t}} && for i in 1 2 3; do {PY} -m ceiling_scout "
                                                 f"{' '.join(GEMM)} --output r.json --force & done; wait"], "ok",
             files={"r.json": old}, post=backups_post, shell=True, timeout=90),
        Case("out:dev_full", "output", [*GEMM, "--output", "/dev/full"], "either", post=fallback_post),
        Case("out:dev_full_json", "output", [*GEMM, "--output", "{t}/full.json", "--force"], "either",
             files={"full.json": lambda p: p.symlink_to("/dev/full")}, post=fallback_post),
        Case("out:fifo", "output", [*GEMM, "--output", "{t}/r.json", "--force"], "err", files={"r.json": fifo}),
        Case("out:fifo_jsonl", "output", [*GEMM, "--output", "{t}/r.jsonl"], "err", files={"r.jsonl": fifo}),
        Case("out:missing_dir", "output", [*GEMM, "--output", "{t}/no/r.json"], "err"),
        Case("out:empty", "output", [*GEMM, "--output", ""], "err"),
        Case("out:txt_suffix", "output", [*GEMM, "--output", "{t}/r.txt"], "err"),
        Case("out:jsonl_mixed", "output", [*GEMM, "--output", "{t}/runs.jsonl"], "either",   # one kind per .jsonl
             files={"runs.jsonl": json.dumps({"schema_version": "ceiling_scout.validation/1", "x": 1})
                    + '\n{"kind": "triage"}\n'}, post=jsonl_post),
        Case("out:is_the_ops_input", "output", ["--ops", "{t}/ops.json", "--output", "{t}/ops.json", *CPU,
                                                "--no-fusion"], "err",
             files={"ops.json": json.dumps({"a": {"op": "gemm", "shape": [8, 8, 8]}})},
             post=keeps("ops.json", json.dumps({"a": {"op": "gemm", "shape": [8, 8, 8]}}))),
        Case("out:is_the_cache", "output", [*GEMM, "--output", "{t}/cache/measured_ceilings.json", "--force"],
             "either"),
        Case("wops:unwritable", "write-ops", [*TINY, "--write-ops", "/proc/self/ops.json"], "either",
             post=lambda t, rc, out, err: ("GOOD", "triage kept, said") if rc == 0 and "--write-ops" in out else None),
        Case("wops:missing_dir", "write-ops", [*TINY, "--write-ops", "{t}/no/ops.json"], "err"),
        Case("wops:dev_full", "write-ops", [*TINY, "--write-ops", "/dev/full", "--output", "{t}/r.json"], "either",
             post=lambda t, rc, out, err: None if rc not in (0, 4) or (t / "r.json").exists()
             else ("LOSS", f"triage lost (exit {rc})")),
        Case("wops:is_ops_input", "write-ops", ["--ops", "{t}/ops.json", "--write-ops", "{t}/ops.json",
                                                "--no-fusion", *CPU], "either",
             files={"ops.json": json.dumps({"a": {"op": "gemm", "shape": [8, 8, 8]}})}, post=wops_self_post),
        Case("wops:exists", "write-ops", [*TINY, "--write-ops", "{t}/ops.json"], "either", files={"ops.json": old},
             post=lambda t, rc, out, err: None if old in [p.read_text() for p in t.glob("ops.json*")]
             else ("LOSS", "the existing ops.json was replaced with no copy")),
        Case("out:folder_twice", "output", [f"cd {{t}} && mkdir d && for i in 1 2; do {PY} -m ceiling_scout "
                                            f"{' '.join(GEMM)} --output d/ || exit $?; done"], "ok", shell=True,
             post=lambda t, rc, out, err: None if len(list((t / "d").glob("*.json"))) == 2
             else ("LOSS", f"{len(list((t / 'd').glob('*.json')))} files for 2 runs"), timeout=90),
    ]
    return out


# ---------------------------------------------------------------- stdout / stderr closed
def stream_cases() -> list[Case]:
    return [
        Case("stdout_closed:gemm", "stdout", GEMM, "either", stdout="closed"),
        Case("stdout_closed:json", "stdout", [*GEMM, "--json"], "either", stdout="closed"),
        Case("stdout_closed:help", "stdout", ["--help"], "either", stdout="closed"),
        Case("stdout_closed:bad_input", "stdout", [*GEMM, "--iters", "0"], "err", stdout="closed"),
        Case("stdout_closed:triage", "stdout", TINY, "either", stdout="closed"),
        Case("stdout_closed:validate", "stdout", [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul"], "either",
             stdout="closed"),
        Case("stdout_head_c0", "stdout", [f"cd {{t}} && {PY} -m ceiling_scout {' '.join(GEMM)} | head -c0; "
                                          "exit ${PIPESTATUS[0]}"], "either", shell=True),
        Case("stderr_closed:bad_input", "stdout", [f"cd {{t}} && {PY} -m ceiling_scout {' '.join(GEMM)} "
                                                   "--iters 0 2>&-"], "err_silent", shell=True),
    ]


# ---------------------------------------------------------------- kernels
KERNELS = {   # name -> (module text, expect, stdout needle)
    "fork": ("""
        import os
        def fn(a, b):
            if os.fork() == 0: os._exit(0)
            os.wait(); return a @ b
        """, "ok", "Verdict:"),
    "double_fork": ("""
        import os, time
        def fn(a, b):
            pid = os.fork()
            if pid == 0:
                if os.fork() == 0: time.sleep(250)
                os._exit(0)
            os.waitpid(pid, 0); return a @ b
        """, "ok", "Verdict:"),
    "popen_sleep": ("""
        import subprocess
        def fn(a, b):
            subprocess.Popen(["sleep", "250"]); return a @ b
        """, "ok", "Verdict:"),
    "popen_new_session": ("""
        import subprocess
        def fn(a, b):
            subprocess.Popen(["sleep", "250"], start_new_session=True); return a @ b
        """, "ok", "Verdict:"),
    "thread_at_import": ("""
        import threading, time
        threading.Thread(target=time.sleep, args=(250,)).start()
        def fn(a, b): return a @ b
        """, "ok", "Verdict:"),
    "thread_in_call": ("""
        import threading, time
        def fn(a, b):
            threading.Thread(target=time.sleep, args=(250,)).start(); return a @ b
        """, "ok", "Verdict:"),
    "os_exit": ("import os\ndef fn(a, b): os._exit(0)\n", "ok", "FAIL"),
    "os_exit_3": ("import os\ndef fn(a, b): os._exit(3)\n", "ok", "FAIL"),
    "sys_exit": ("import sys\ndef fn(a, b): sys.exit(0)\n", "ok", "FAIL"),
    "sys_exit_at_import": ("import sys\nsys.exit(0)\ndef fn(a, b): return a @ b\n", "err", ""),
    "libc_exit": ("import ctypes\ndef fn(a, b): ctypes.CDLL(None).exit(0)\n", "ok", "FAIL"),   # as os_exit (its own process)
    "close_stdout": ("import sys\ndef fn(a, b):\n    sys.stdout.close(); return a @ b\n", "ok", "Verdict:"),
    "close_fd1": ("import os\ndef fn(a, b):\n    os.close(1); return a @ b\n", "either", ""),
    "stdout_none": ("import sys\ndef fn(a, b):\n    sys.stdout = None; return a @ b\n", "ok", "Verdict:"),
    "hang_sleep": ("import time\ndef fn(a, b):\n    time.sleep(250); return a @ b\n", "ok", "FAIL"),
    "hang_torch": ("""
        def fn(a, b):
            while True: a = (a @ b).clamp(-1, 1)
        """, "ok", "FAIL"),
    "hang_at_import": ("import time\ntime.sleep(250)\ndef fn(a, b): return a @ b\n", "err", ""),
    "raise_at_import": ("raise RuntimeError('boom')\ndef fn(a, b): return a @ b\n", "err", ""),
    "syntax_error": ("def fn(a, b) return a @ b\n", "err", ""),
    "no_function": ("def other(a, b): return a @ b\n", "err", ""),
    "not_callable": ("fn = 5\n", "err", ""),
    "keyboard_interrupt": ("def fn(a, b): raise KeyboardInterrupt\n", "either", ""),   # read as Ctrl-C: 130 ok
    "wrong_values": ("def fn(a, b): return (a @ b) + 1\n", "ok", "FAIL"),
    "returns_none": ("def fn(a, b): return None\n", "ok", "FAIL"),
    "recursion": ("def fn(a, b): return fn(a, b)\n", "ok", "FAIL"),
    "huge_alloc": ("import torch\ndef fn(a, b): return torch.empty(10**13)\n", "ok", "FAIL"),
    "sigterm_self": ("import os, signal\ndef fn(a, b): os.kill(os.getpid(), signal.SIGTERM)\n", "either", ""),
    "sigkill_self": ("import os, signal\ndef fn(a, b): os.kill(os.getpid(), signal.SIGKILL)\n", "either", ""),
    "chdir": ("import os\ndef fn(a, b):\n    os.chdir('/'); return a @ b\n", "ok", "Verdict:"),
    "setrecursionlimit": ("import sys\ndef fn(a, b):\n    sys.setrecursionlimit(30); return a @ b\n", "either", ""),
    "mutates_input": ("def fn(a, b):\n    c = a @ b; a.zero_(); return c\n", "ok", "FAIL"),
    "atexit_print": ("import atexit\natexit.register(lambda: print('HIJACK'))\ndef fn(a, b): return a @ b\n",
                     "ok", "Verdict:"),
}


def kernel_post(name):
    def post(t, rc, out, err):
        if name == "chdir" and rc == 0 and not (t / "r.json").exists():
            return "LOSS", "--output r.json not written where asked (the kernel changed directory)"
        if name in ("os_exit", "os_exit_3", "sys_exit", "libc_exit") and rc == 0 and "FAIL" not in out:
            return "SILENT_WRONG", f"exit {rc}, no FAIL: {out[-200:]!r}"
        if name in ("keyboard_interrupt", "sigterm_self", "sigkill_self", "setrecursionlimit"):   # never return
            verdict = next((l for l in out.splitlines() if l.startswith("Verdict:")), "")
            if rc == 0 and verdict and "FAIL" not in verdict:
                return "SILENT_WRONG", f"a kernel that never returned was not failed ({verdict})"
    return post


def kernel_cases() -> list[Case]:
    out = []
    for name, (text, exp, needle) in KERNELS.items():
        argv = [*VGEMM, "--custom-kernel", f"{{t}}/k.py:fn", "--kernel-timeout", "3", "--output", "r.json"]
        out.append(Case(f"kernel:{name}", "kernels", argv, exp, files={"k.py": k(text)}, ok_needle=needle,
                        post=kernel_post(name), timeout=120))
    for name in ("fork", "double_fork", "popen_sleep", "thread_at_import", "os_exit", "libc_exit", "hang_sleep",
                 "close_stdout"):
        text, exp, needle = KERNELS[name]
        argv = [*VGEMM, "--validate", "--before", "mkl", "--after", "{t}/k.py:fn", "--kernel-timeout", "3"]
        out.append(Case(f"validate:{name}", "kernels", argv, exp, files={"k.py": k(text)}, ok_needle=needle,
                        post=kernel_post(name), timeout=120))
    for n, mk in {"fifo": fifo, "dev_zero": zero, "directory": folder}.items():
        out.append(Case(f"kernel_file:{n}", "kernels", [*VGEMM, "--custom-kernel", "{t}/k.py:fn"], "err",
                        files={"k.py": mk}))
    out.append(Case("kernel_file:missing", "kernels", [*VGEMM, "--custom-kernel", "{t}/nope.py:fn"], "err"))
    out.append(Case("kernel_file:no_colon_dir", "kernels", [*VGEMM, "--custom-kernel", "{t}"], "err"))
    return out


# ---------------------------------------------------------------- other values: shapes, lists, weights, configs
def npy_object(p: Path):
    import numpy as np
    np.save(p, np.array([{"a": 1}], dtype=object), allow_pickle=True)   # loading it needs pickle: must be refused


def bad_safetensors(p: Path):
    import struct
    p.write_bytes(struct.pack("<Q", 10**15) + b"{}")   # a header length of a petabyte


def hf(cfg: dict) -> str: return json.dumps({"model_type": "llama", "hidden_size": 64, "num_attention_heads": 4,
                                             "num_key_value_heads": 4, "intermediate_size": 128, **cfg})


def value_cases() -> list[Case]:
    out = [Case(f"shape:{n}", "values", ["--operation", "gemm", "--shape", v, *CPU], "err") for n, v in {
        "empty": "", "text": "a,b,c", "negative": "-8,8,8", "zero": "8,0,8", "float": "8.5,8,8", "four": "8,8,8,8",
        "huge": "99999999999999999999,8,8", "spaces_only": " , , "}.items()]
    out.append(Case("shape:sci", "values", ["--operation", "gemm", "--shape", "1e3,8,8", *CPU], "ok",
                    ok_needle="Shape: (1000, 8, 8)"))   # 1e3 read as 1000: right
    out.append(Case("shape:too_big_memory", "values", ["--operation", "gemm", "--shape", "1000000,1000000,1000000",
                                                       *CPU], "err", post=lambda t, rc, out, err: ("GOOD", err.strip())
                    if rc == 3 and len(err.strip().splitlines()) == 1 else None))   # exit 3: too little memory
    out += [Case(f"targets:{n}", "values", [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul", "--targets", v], "err")
            for n, v in {"nan": "nan", "negative": "2,-1", "zero": "0", "inf": "inf", "text": "fast", "comma": ","}.items()]
    out += [Case(f"k_list:{n}", "values", [*GEMM, "--k-sweep", "--k-list", v], "err")
            for n, v in {"empty": "", "negative": "32,-64", "zero": "0", "text": "a", "nan": "nan"}.items()]
    out += [Case(f"sparsify:{n}", "values", [*TINY, "--sparsify", v], "err")
            for n, v in {"empty": "", "bad_pattern": "up=zzz", "ratio_2": "up=block:2:16", "ratio_nan": "up=block:nan:16",
                         "no_such_weight": "nosuchweight=24", "block_0": "up=block:0.5:0"}.items()]
    wt = ["--shape", "32", *CPU]
    out += [Case(f"weights:{n}", "values", ["--weights", "{t}/w" + suf, *wt], "err", files={"w" + suf: mk}) for n, (suf, mk) in {
        "npy_object": (".npy", npy_object), "safetensors_huge_header": (".safetensors", bad_safetensors),
        "fifo_pt": (".pt", fifo), "zero_npz": (".npz", zero), "empty_pt": (".pt", ""), "text_npy": (".npy", "hello"),
        "unknown_suffix": (".txt", "x")}.items()]
    out += [Case(f"hf_config:{n}", "values", ["--model", "hf:{t}/config.json", "--no-fusion", *CPU], exp,
                 files={"config.json": c}, timeout=90) for n, (c, exp) in {
        "deep": (deep, "err"), "fifo": (fifo, "err"), "zero": (zero, "err"), "heads_text": (hf({"num_attention_heads": "4"}), "err"),
        "hidden_negative": (hf({"hidden_size": -64}), "err"), "hidden_huge": (hf({"hidden_size": 10**12}), "err"),
        "auto_map_code": (hf({"auto_map": {"AutoModel": "evil.Model"}, "model_type": "evil"}), "err"),
        "top_list": ("[1, 2]", "err")}.items()]
    out.append(Case("onnx:garbage", "values", ["--model", "{t}/m.onnx", *CPU], "err", files={"m.onnx": b"\x00garbage"}))
    out.append(Case("onnx:fifo", "values", ["--model", "{t}/m.onnx", *CPU], "err", files={"m.onnx": fifo}))
    out += [Case(f"device:{n}", "values", [*GEMM[:4], "--device", v, *CPU[2:]], "err")
            for n, v in {"cuda": "cuda", "cuda_9": "cuda:9", "empty": "", "tpu": "tpu", "h100_on_cpu": "h100"}.items()]
    out += [Case(f"cpu_only:{n}", "values", [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul", *extra], "err")
            for n, extra in {"sanitizer": ["--sanitizer", "memcheck"]}.items()]
    out.append(Case("cpu_only:graph_check", "values", [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul",
                                                        "--graph-check"], "ok", ok_needle="no CUDA graphs on a CPU"))
    out.append(Case("output_is_the_kernel", "values", [*VGEMM, "--custom-kernel", "{t}/k.py:fn", "--output", "{t}/k.py",
                                                        "--force"], "err", files={"k.py": "def fn(a, b): return a @ b\n"},
                    post=keeps("k.py", "def fn(a, b): return a @ b\n")))
    return out


# ---------------------------------------------------------------- model factories and profiled functions
FACTORIES = {   # name -> (factory module text, expect, stdout needle); a factory make() -> (module, inputs)
    "popen": ("import subprocess, torch\ndef make():\n    subprocess.Popen(['sleep', '250'])\n"
              "    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n", "ok", ""),
    "close_stdout": ("import sys, torch\ndef make():\n    sys.stdout.close()\n"
                     "    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n", "ok", ""),
    "os_exit": ("import os\ndef make(): os._exit(0)\n", "err", ""),
    "sys_exit": ("import sys\ndef make(): sys.exit(0)\n", "err", ""),
    "thread": ("import threading, time, torch\ndef make():\n    threading.Thread(target=time.sleep, args=(250,)).start()\n"
               "    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n", "ok", ""),
    "returns_junk": ("def make(): return 5\n", "err", ""),
}
PROFILED = {   # name -> (module text, expect)
    "os_exit": ("import os\ndef fn(): os._exit(0)\n", "either"),
    "hang": ("import time\ndef fn(): time.sleep(250)\n", "either"),
    "popen": ("import subprocess\ndef fn(): subprocess.Popen(['sleep', '250'])\n", "either"),
    "close_stdout": ("import sys\ndef fn(): sys.stdout.close()\n", "either"),
    "raises": ("def fn(): raise ValueError('boom')\n", "either"),
}


def user_fn_cases() -> list[Case]:
    out = [Case(f"factory:{n}", "factories", ["--model", "{t}/m.py:make", "--no-fusion", *CPU, "--kernel-timeout", "3"],
                exp, files={"m.py": text}, ok_needle=needle, timeout=90) for n, (text, exp, needle) in FACTORIES.items()]
    out += [Case(f"profile:{n}", "factories", ["--profile", "{t}/p.py:fn", *CPU, "--kernel-timeout", "3"], exp,
                 files={"p.py": text}, timeout=90) for n, (text, exp) in PROFILED.items()]
    return out


# ---------------------------------------------------------------- user code run unasked
EVIL_K = MARK + "def fn(a, b): return a @ b\n"
EVIL_M = MARK + "import torch\ndef make(batch=1, seq=8):\n    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n"
EVIL_P = MARK + "def fn(): return 1\n"


def evil_pickle(p: Path):
    import pickle
    class Evil:
        def __reduce__(self): return (os.system, (f"touch {p.parent}/ran.txt",))
    p.write_bytes(pickle.dumps(Evil()))


def unasked_cases() -> list[Case]:
    kk = ["--custom-kernel", "{t}/evil.py:fn"]
    bad_k = {"iters_-1": ["--iters", "-1"], "targets_empty": ["--targets", ""], "timeout_nan": ["--kernel-timeout",
             "nan"], "shape_bad": ["--shape", "64,0,64"], "op_unknown": ["--operation", "nope"],
             "output_exists": ["--output", "{t}/r.json"], "output_missing_dir": ["--output", "{t}/no/r.json"],
             "cache_fifo": ["--cache", "{t}/c.json"], "precision_bad": ["--precision", "fp99"],
             "device_bad": ["--device", "tpu"], "before_unknown": ["--validate", "--before", "nonsense"]}
    out = []
    for n, extra in bad_k.items():
        argv = [*VGEMM, *(["--after", "{t}/evil.py:fn"] if n == "before_unknown" else kk), *extra]
        files = {"evil.py": EVIL_K, "r.json": "{}", "c.json": fifo}
        out.append(Case(f"unasked:kernel_{n}", "unasked", argv, "err", files=files, no_mark=True))
    mm = ["--model", "{t}/evil.py:make", "--no-fusion", *CPU]
    for n, extra in {"batch_-1": ["--batch", "-1"], "iters_0": ["--iters", "0"], "write_ops_bad": ["--write-ops",
                     "{t}/no/ops.json"], "with_ops": ["--ops", "{t}/ops.json"], "output_exists": ["--output",
                     "{t}/r.json"], "tp_0": ["--tp", "0"]}.items():
        out.append(Case(f"unasked:model_{n}", "unasked", [*mm, *extra], "err",
                        files={"evil.py": EVIL_M, "r.json": "{}", "ops.json": "{}"}, no_mark=True))
    pp = ["--profile", "{t}/evil.py:fn", *CPU]
    for n, extra in {"steps_0": ["--profile-steps", "0"], "timeout_-1": ["--kernel-timeout", "-1"],
                     "output_exists": ["--output", "{t}/r.json"]}.items():
        out.append(Case(f"unasked:profile_{n}", "unasked", [*pp, *extra], "err",
                        files={"evil.py": EVIL_P, "r.json": "{}"}, no_mark=True))
    out.append(Case("unasked:weights_pickle", "unasked", ["--weights", "{t}/w.pt", "--shape", "32", *CPU], "err",
                    files={"w.pt": evil_pickle}, no_mark=True))
    out.append(Case("unasked:help_with_kernel", "unasked", ["--help", *kk], "ok", files={"evil.py": EVIL_K},
                    no_mark=True))
    return out


# ---------------------------------------------------------------- Python API snippets
API_HEAD = """
import json, os, shutil, sys, warnings, io, contextlib
warnings.simplefilter("ignore")
T = sys.argv[1]; os.chdir(T)
def result(cls, detail=""): print("RESULT", cls, str(detail).replace("\\n", " ")[:300]); sys.exit(0)
from ceiling_scout.engine.core import CeilingScoutError
from ceiling_scout.engine.report import ReportError
"""
API_DSP = """
from ceiling_scout import Dispatcher, candidate_pin
import torch
rep = json.load(open("reports/gemm.json"))
from ceiling_scout.modes.candidate import sign_report, signed
def keep(d, sign=True):
    d = {**d, "verdict": "KEEP", "speedup": 1.3, "speedup_ci95": [1.2, 1.4],
         "baseline": {"mean_ms": 1.3, "tflops": 0.1}, "custom": {"mean_ms": 1.0, "tflops": 0.13},
         "bound_tflops": None, "spec_bound_tflops": None}
    return sign_report(d) if sign else {k: v for k, v in d.items() if k != "signature"}
def write(d, name="reports/gemm.json"): open(name, "w").write(json.dumps(d))
KERN = "examples/kernels/good_gemm.py:matmul"
def used(dsp):
    d = dsp.decide("gemm", (256, 256, 256), "fp32")
    if not d.uses_library:
        a = torch.randn(256, 256); dsp.matmul(a, a)
    return not d.uses_library
def ran(): return os.path.exists("examples/kernels/ran.txt")
"""


def api(name, group, body, fixture=False, timeout=60) -> Case:
    code = API_HEAD + (API_DSP if fixture else "") + textwrap.dedent(body)
    return Case(name, group, ["python", "{t}/snippet.py", "{t}"], "py", files={"snippet.py": code,
                **({"__fixture__": True} if fixture else {})}, timeout=timeout)


DSP = {   # name -> body (runs in a copy of the fixture: examples/kernels/ + reports/gemm.json of a CLI validation)
    "pinned_baseline": """
        pin = candidate_pin(KERN); write(keep(rep))
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("GOOD" if used(dsp) else "MESSY", dsp.refused)""",
    "edited_kernel_after_pin": """
        pin = candidate_pin(KERN); write(keep(rep))
        open("examples/kernels/good_gemm.py", "a").write("\\n" + open("mark.txt").read())
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        u = used(dsp)
        result("RAN_UNASKED" if ran() else "SILENT_WRONG" if u else "GOOD", dsp.refused)""",
    "helper_added_after_pin": """
        pin = candidate_pin(KERN); write(keep(rep))
        open("examples/kernels/helper.py", "w").write(open("mark.txt").read())
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        u = used(dsp)
        result("RAN_UNASKED" if ran() else "SILENT_WRONG" if u else "GOOD", dsp.refused)""",
    "replaced_kernel_and_new_report": """
        import hashlib
        from ceiling_scout.modes.candidate import candidate_digest
        from pathlib import Path
        pin = candidate_pin(KERN)
        p = Path("examples/kernels/good_gemm.py"); p.write_text(open("mark.txt").read() + p.read_text())
        d = keep(rep); d["candidate_sha256"] = hashlib.sha256(p.read_bytes()).hexdigest()
        d["candidate_digest"] = candidate_digest(p); write(sign_report(d))
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        u = used(dsp)
        result("RAN_UNASKED" if ran() else "SILENT_WRONG" if u else "GOOD", dsp.refused)""",
    "invented_report": """
        pin = candidate_pin(KERN); d = keep(rep, sign=False)
        d["checks"] = [{"name": "trust me", "passed": True, "detail": "", "info": False, "trap": ""}]
        write(d)
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "name_pin_outside_folder": """
        write(keep(rep))
        dsp = Dispatcher("reports/", device="cpu", trust=[KERN], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "wrong_digest_pin": """
        write(keep(rep))
        dsp = Dispatcher("reports/", device="cpu", trust={KERN: "sha256:" + "0" * 64}, warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "parent_dir_candidate": """
        open("evil.py", "w").write(open("mark.txt").read() + "def matmul(a, b): return a @ b\\n")
        d = keep(rep); d["candidate"] = "../evil.py:matmul"; d.pop("candidate_digest", None)
        import hashlib; d["candidate_sha256"] = hashlib.sha256(open("evil.py", "rb").read()).hexdigest(); write(sign_report(d))
        dsp = Dispatcher("reports/", device="cpu", trust=["../evil.py:matmul"], warn=False)
        u = used(dsp)
        result("RAN_UNASKED" if os.path.exists("ran.txt") else "SILENT_WRONG" if u else "GOOD", dsp.refused)""",
    "absolute_candidate": """
        open("/tmp/" + os.path.basename(T) + "_evil.py", "w").write("def matmul(a, b): return a @ b\\n")
        d = keep(rep); d["candidate"] = "/tmp/" + os.path.basename(T) + "_evil.py:matmul"; write(sign_report(d))
        dsp = Dispatcher("reports/", device="cpu", trust=[d["candidate"]], warn=False)
        u = used(dsp); os.remove("/tmp/" + os.path.basename(T) + "_evil.py")
        result("SILENT_WRONG" if u else "GOOD", dsp.refused)""",
    "future_dated": """
        pin = candidate_pin(KERN); d = keep(rep); d["environment"]["timestamp"] = "2999-01-01T00:00:00+00:00"
        d["environment"]["date"] = "2999-01-01T00:00:00+00:00"; write(sign_report(d))
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "implausible_speedup": """
        pin = candidate_pin(KERN); d = keep(rep); d["speedup"] = 1e9; d["speedup_ci95"] = [1e9, 1e9]
        d["custom"] = {"mean_ms": 1e-9, "tflops": 1e8}; write(sign_report(d))
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "mixed_jsonl_folder": """
        pin = candidate_pin(KERN); os.remove("reports/gemm.json")
        open("reports/all.jsonl", "w").write(json.dumps(keep(rep)) + "\\n" + json.dumps({"schema_version":
            "ceiling_scout/1", "operation": "gemm"}) + "\\n" + '{"kind": "triage"}' + "\\n")
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("GOOD" if used(dsp) else "MESSY", dsp.refused)""",
    "trust_int": """
        try: Dispatcher("reports/", device="cpu", trust=[123], warn=False)
        except (ValueError, TypeError, CeilingScoutError) as e: result("GOOD" if "\\n" not in str(e) else "MESSY", e)
        result("SILENT_WRONG", "trust=[123] accepted")""",
    "trust_dict_int": """
        try: Dispatcher("reports/", device="cpu", trust={KERN: 5}, warn=False)
        except (ValueError, TypeError, CeilingScoutError) as e: result("GOOD", e)
        result("SILENT_WRONG", "trust={name: 5} accepted")""",
    "folder_missing": """
        dsp = Dispatcher("nope/", device="cpu", warn=False)
        result("GOOD" if dsp.refused else "SILENT_WRONG", dsp.refused or "a missing folder read as empty, no word")""",
    "candidate_pin_fifo": """
        os.mkfifo("examples/kernels/f.py")
        try: candidate_pin("examples/kernels/f.py:fn")
        except (CeilingScoutError, ValueError) as e: result("GOOD", e)
        result("SILENT_WRONG", "a FIFO pinned")""",
    "candidate_pin_missing": """
        try: candidate_pin("examples/kernels/nope.py:fn")
        except (CeilingScoutError, ValueError) as e: result("GOOD", e)
        result("SILENT_WRONG", "a missing file pinned")""",
    "symlinked_helper_to_dev_zero": """
        pin = candidate_pin(KERN); write(keep(rep))
        os.symlink("/dev/zero", "examples/kernels/zz.py")
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
}


def dsp_special(kind: str) -> str:
    mk = {"fifo": 'os.mkfifo("reports/x.json")', "zero": 'os.symlink("/dev/zero", "reports/x.json")',
          "deep": 'open("reports/x.json", "w").write("[" * 100000 + "]" * 100000)',
          "unclosed": 'open("reports/x.json", "w").write("[" * 100000)',
          "sparse": 'open("reports/x.json", "wb").truncate(300 << 20)',
          "dir": 'os.mkdir("reports/x.json")', "not_utf8": 'open("reports/x.json", "wb").write(b"\\xff\\xfe{")',
          "nan": 'open("reports/x.json", "w").write(\'{"schema_version": "ceiling_scout.validation/1", "speedup": NaN}\')'}
    return f"""
        {mk[kind]}
        pin = candidate_pin(KERN); write(keep(rep))
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        bad = [r for r in dsp.refused if "x.json" in r]
        result("GOOD" if len(bad) == 1 and "\\n" not in bad[0] and used(dsp) else "MESSY", dsp.refused)"""


LOAD = {   # name -> (file maker statement, expectation)
    "mixed_kinds": ('shutil.copy("runs.jsonl", "r.jsonl"); open("r.jsonl", "a").write(json.dumps(json.load(open('
                    '"reports/gemm.json"))) + "\\n" + open("triage.jsonl").read())', "skip"),
    "fifo": ('os.mkfifo("r.jsonl")', "refuse"), "dev_zero": ('os.symlink("/dev/zero", "r.jsonl")', "refuse"),
    "deep": ('open("r.jsonl", "w").write("[" * 100000 + "]" * 100000)', "refuse"),
    "missing": ("pass", "refuse"), "empty": ('open("r.jsonl", "w").close()', "empty"),
    "list_json": ('open("r.jsonl", "w").write("[1, 2]\\n")', "refuse_or_skip"),
    "nan": ('open("r.jsonl", "w").write(\'{"schema_version": "ceiling_scout/1", "x": NaN}\\n\')', "refuse_or_skip"),
    "sparse": ('open("r.jsonl", "wb").truncate(300 << 20)', "refuse"),
    "directory": ('os.mkdir("r.jsonl")', "empty"),   # a folder of reports is valid input
}


def load_case(name, make, exp) -> Case:
    body = f"""
        {make}
        from ceiling_scout.engine.report import load_reports
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            try: got = load_reports("r.jsonl")
            except (CeilingScoutError, ValueError, OSError) as e:
                result("GOOD" if "{exp}" in ("refuse", "refuse_or_skip") and "\\n" not in str(e) else "MESSY", e)
        said = [str(x.message) for x in w]
        if "{exp}" == "empty": result("GOOD", got)
        result("GOOD" if said else "SILENT_WRONG", f"{{len(got)}} read, warnings {{said}}")"""
    return api(f"load_reports:{name}", "api", body, fixture=True)


SCOUT = {   # detect_ceiling and friends with bad values: one-line CeilingScoutError/ValueError, nothing measured
    "detect_int_shape": 'S.detect_ceiling("gemm", 64, "fp32")',
    "detect_kv_text": 'S.detect_ceiling("attention", (1, 2, 16, 16), "fp32", kv_heads="two")',
    "detect_zero_shape": 'S.detect_ceiling("gemm", (0, 8, 8), "fp32")',
    "detect_nan_shape": 'S.detect_ceiling("gemm", (float("nan"), 8, 8), "fp32")',
    "detect_float_shape": 'S.detect_ceiling("gemm", (8.5, 8, 8), "fp32")',
    "detect_precision": 'S.detect_ceiling("gemm", (8, 8, 8), "fp99")',
    "detect_op": 'S.detect_ceiling("nope", (8, 8, 8), "fp32")',
    "detect_shape_text": 'S.detect_ceiling("gemm", "8,8", "fp32")',
    "make_workload_neg": 'make_workload("gemm", (-1, 8, 8), "fp32")',
    "read_ops_wrong_types": 'read_ops_json({"a": {"op": "gemm", "shape": {"m": 8}}})',   # text "8,8,8" is valid
    "read_ops_count_neg": 'read_ops_json({"a": {"op": "gemm", "shape": [8, 8, 8], "count": -3}})',
    "scout_device_bad": 'CeilingScout(device="tpu").detect_ceiling("gemm", (8, 8, 8), "fp32")',
}


def scout_case(name, call) -> Case:
    body = f"""
        from ceiling_scout import CeilingScout, make_workload, read_ops_json
        S = CeilingScout(device="cpu")
        try: got = {call}
        except (CeilingScoutError, ValueError, TypeError) as e:
            result("GOOD" if "\\n" not in str(e) else "MESSY", f"{{type(e).__name__}}: {{e}}")
        result("SILENT_WRONG", f"accepted: {{got!r}}"[:200])"""
    return api(f"api:{name}", "api", body)


def api_cases() -> list[Case]:
    out = [api(f"dispatcher:{n}", "dispatcher", b, fixture=True, timeout=90) for n, b in DSP.items()]
    out += [api(f"dispatcher:special_{n}", "dispatcher", dsp_special(n), fixture=True, timeout=90)
            for n in ("fifo", "zero", "deep", "unclosed", "sparse", "dir", "not_utf8", "nan")]
    out += [load_case(n, m, e) for n, (m, e) in LOAD.items()]
    out += [scout_case(n, c) for n, c in SCOUT.items()]
    return out


def cheat_cases() -> list[Case]:
    old = '{"old": 1}'
    cm = ["python", str(ROOT / "benchmarks/cheat_matrix.py"), "--device", "cpu", "--only", "good_gemm_zzz_none"]
    return [Case("cheat_matrix:out_exists", "benchmarks", [*cm, "--out", "{t}/m.json"], "either",
                 files={"m.json": old}, post=lambda t, rc, out, err: None if old in
                 [p.read_text() for p in t.glob("m.json*")] else ("LOSS", "earlier --out replaced with no copy")),
            Case("cheat_matrix:out_fifo", "benchmarks", [*cm, "--out", "{t}/m.json"], "err", files={"m.json": fifo})]


# ---------------------------------------------------------------- round 3: what landed since 2026-11-29
JOBS = [*GEMM, "--output", "{t}/r.json", "--k-list", "32,64", "--executor", "local"]   # a 2-point sweep in local jobs
FLEET = ["--fleet", *CPU]
TPF = ["--tp", "1", "--model", "{t}/m.py:make", *CPU]
LIN = "import torch\ndef make(batch=1, seq=8):\n    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n"
LLAMA = """
import torch
def llama(kv=2, heads=2, hd=16, layers=1):
    from transformers import LlamaConfig, LlamaModel
    torch.manual_seed(0)
    cfg = LlamaConfig(num_hidden_layers=layers, hidden_size=heads * hd, intermediate_size=64, num_attention_heads=heads,
                      num_key_value_heads=kv, head_dim=hd, vocab_size=128, max_position_embeddings=64,
                      attn_implementation="sdpa")
    return LlamaModel(cfg).eval()
def mixtral():
    from transformers import MixtralConfig, MixtralModel
    torch.manual_seed(0)
    cfg = MixtralConfig(num_hidden_layers=1, hidden_size=32, intermediate_size=64, num_attention_heads=2,
                        num_key_value_heads=2, head_dim=16, num_local_experts=4, num_experts_per_tok=2, vocab_size=128,
                        max_position_embeddings=64, attn_implementation="sdpa")
    return MixtralModel(cfg).eval()
ids = lambda b=1, s=8: torch.randint(0, 128, (b, s))
"""
TP_FACTORIES = {   # name -> (the body of m.py after LLAMA, expect, stdout needle)
    "returns_int": ("def make(batch=1, seq=8): return 5\n", "err", ""),
    "returns_none": ("def make(batch=1, seq=8): return None\n", "err", ""),
    "returns_triple": ("def make(batch=1, seq=8): return llama(), (ids(),), 3\n", "err", ""),
    "raises": ("def make(batch=1, seq=8): raise RuntimeError('no weights here')\n", "err", ""),
    "returns_linear": ("def make(batch=1, seq=8): return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n", "err", ""),
    "returns_lambda": ("def make(batch=1, seq=8): return (lambda x: x), (torch.randn(2, 8),)\n", "err", ""),
    "mixtral_like": ("def make(batch=1, seq=8): return mixtral(), (ids(batch, seq),)\n", "err", ""),
    "llama_ok": ("def make(batch=1, seq=8): return llama(), (ids(batch, seq),)\n", "ok", ""),
    "no_inputs": ("def make(batch=1, seq=8): return llama(), ()\n", "err", ""),
    "inputs_1d": ("def make(batch=1, seq=8): return llama(), (torch.randint(0, 128, (8,)),)\n", "either", ""),
    "float_inputs": ("def make(batch=1, seq=8): return llama(), (torch.randn(1, 8, 32),)\n", "either", ""),
    "out_of_vocab_ids": ("def make(batch=1, seq=8): return llama(), (torch.full((1, 8), 10**6),)\n", "either", ""),
    "fake_decoder": ("""
        class Attn(torch.nn.Module):
            def __init__(s):
                super().__init__(); s.q_proj, s.k_proj, s.v_proj, s.o_proj = (torch.nn.Linear(32, 32) for _ in range(4))
        class MLP(torch.nn.Module):
            def __init__(s):
                super().__init__(); s.gate_proj, s.up_proj, s.down_proj = (torch.nn.Linear(32, 64), torch.nn.Linear(32, 64),
                                                                         torch.nn.Linear(64, 32))
        class Layer(torch.nn.Module):
            def __init__(s): super().__init__(); s.self_attn, s.mlp = Attn(), MLP()
            def forward(s, x): return x
        def make(batch=1, seq=8): return Layer(), (torch.randn(1, 8, 32),)
        """, "either", ""),
    "flip_flop": ("""
        import os
        def make(batch=1, seq=8):   # a llama the first call, a Mixtral the next: the factory is called more than once
            f = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'calls.txt')
            n = len(open(f).read()) if os.path.exists(f) else 0
            open(f, 'a').write('x')
            return (llama() if n == 0 else mixtral()), (ids(batch, seq),)
        """, "either", ""),
    "os_exit": ("import os\ndef make(batch=1, seq=8): os._exit(0)\n", "err", ""),
    "popen_then_linear": ("import subprocess\ndef make(batch=1, seq=8):\n    subprocess.Popen(['sleep', '250'])\n"
                          "    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n", "err", ""),
    "meta_device": ("def make(batch=1, seq=8):\n    with torch.device('meta'): m = llama()\n    return m, (ids(),)\n",
                    "err", ""),
}
MOE_HF = json.dumps({"model_type": "mixtral", "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 4,
                     "intermediate_size": 128, "num_local_experts": 8, "num_experts_per_tok": 2,
                     "num_hidden_layers": 2, "vocab_size": 128})


def moe_post(t, rc, out, err):
    if rc == 0 and "expert" not in (out + err).lower():
        return "SILENT_WRONG", "a Mixtral (8 experts) config triaged as a dense block, experts never named"


def output_exists_post(name, text):
    return keeps(name, text)


def json_post(t, rc, out, err):
    if rc != 0: return None
    try: json.loads(out)
    except ValueError as e: return "MESSY", f"--json printed no JSON: {e}: {out[:120]!r}"


def gone_post(report: str):
    "The --output folder removed during the run: exit 4 (kept in a fallback, said) or the report written anyway."
    def post(t, rc, out, err):
        errl = [l for l in err.splitlines() if l.strip()]
        there = list(t.rglob(report)) if report else []
        if rc == 4 and len(errl) == 1: return "GOOD", errl[0][:200]
        if rc == 0 and not there: return "LOSS", f"exit 0, but no {report or 'report'} anywhere under the case folder"
        if rc == 0: return "GOOD", f"written: {[str(p.relative_to(t)) for p in there]}"
    return post


def worldless(extra: str, rank="0", world="2") -> str:
    "A bash line that runs the CLI as one rank of a torchrun group whose other ranks never come."
    return (f"cd {{t}} && RANK={rank} LOCAL_RANK={rank} WORLD_SIZE={world} LOCAL_WORLD_SIZE={world} "
            f"MASTER_ADDR=127.0.0.1 MASTER_PORT=$((20000 + RANDOM % 20000)) TORCHELASTIC_RUN_ID=x "
            f"{PY} -m ceiling_scout {extra}")


RM_D = "import os, shutil\nD = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'd')\n"
KERNEL_RM = RM_D + "def fn(a, b):\n    shutil.rmtree(D, ignore_errors=True); return a @ b\n"
KERNEL_RM_FILE = RM_D + ("def fn(a, b):\n    if os.path.isdir(D): shutil.rmtree(D); open(D, 'w').write('x')\n"
                         "    return a @ b\n")
FACTORY_RM = RM_D + ("import torch\ndef make(batch=1, seq=8):\n    shutil.rmtree(D, ignore_errors=True)\n"
                     "    return torch.nn.Linear(8, 8), (torch.randn(2, 8),)\n")
PROFILE_RM = RM_D + "def fn():\n    shutil.rmtree(D, ignore_errors=True); return 1\n"
KERNEL_RM_CWD = ("import os, shutil\nW = os.path.join(os.path.dirname(os.path.abspath(__file__)), 'w')\n"
                 "def fn(a, b):\n    shutil.rmtree(W, ignore_errors=True); return a @ b\n")

SIG_HEAD = """
        def under_key(path_or_none, setup=None):
            'Dispatch the signed KEEP (the run key signed it) under another $CEILING_SCOUT_KEY.'
            if setup: setup()
            if path_or_none is not None: os.environ["CEILING_SCOUT_KEY"] = path_or_none
            try: dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
            except (CeilingScoutError, ValueError) as e:
                result("GOOD" if "\\n" not in str(e) else "MESSY", f"{type(e).__name__}: {e}")
            except Exception as e: result("MESSY", f"Dispatcher() raised {type(e).__name__}: {e}")
            return dsp
        pin = candidate_pin(KERN); good = keep(rep); write(good)
        dsp0 = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        if not used(dsp0): result("MESSY", f"the run's own signed KEEP was not used: {dsp0.refused}")
"""
SIG = {   # name -> body after SIG_HEAD
    "edited_speedup": """
        d = dict(good); d["speedup"] = 2.5; d["speedup_ci95"] = [2.4, 2.6]; write(d)
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "edited_verdict_of_revert": """
        d = dict(rep); d["verdict"] = "KEEP"; write(d)   # the fixture's own signed report, its verdict edited
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "reindented": """
        open("reports/gemm.json", "w").write(json.dumps(good, indent=7, sort_keys=True))   # same content, other bytes
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("GOOD" if used(dsp) else "MESSY", f"a re-indented signed report: {dsp.refused}")""",
    "signature_stripped": """
        d = dict(good); d.pop("signature"); write(d)
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "signature_junk_types": """
        got = []
        for v in (5, None, "", [], {}, "hmac-sha256:" + "0" * 64, good["signature"].upper(), True):
            d = dict(good); d["signature"] = v; write(d)
            try: dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
            except Exception as e: result("MESSY", f"signature={v!r}: Dispatcher() raised {type(e).__name__}: {e}")
            if used(dsp): result("SILENT_WRONG", f"signature={v!r} accepted")
            got.append(len(dsp.refused))
        result("GOOD", f"all refused: {got}")""",
    "other_key": """
        dsp = under_key(os.path.abspath("other.key"))   # made on first use: not the key that signed
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "copied_to_other_key_resigned_elsewhere": """
        os.environ["CEILING_SCOUT_KEY"] = os.path.abspath("other.key")
        write(sign_report(dict(good)))   # the same KEEP, signed under key B
        os.environ["CEILING_SCOUT_KEY"] = RUN_KEY
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_fifo": """
        dsp = under_key(os.path.abspath("k.fifo"), lambda: os.mkfifo("k.fifo"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_directory": """
        dsp = under_key(os.path.abspath("kdir"), lambda: os.mkdir("kdir"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_empty_file": """
        dsp = under_key(os.path.abspath("k.key"), lambda: open("k.key", "w").close())
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_short": """
        dsp = under_key(os.path.abspath("k.key"), lambda: open("k.key", "wb").write(b"0123456789abcdef"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_dev_zero": """
        dsp = under_key(os.path.abspath("k.key"), lambda: os.symlink("/dev/zero", "k.key"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_dev_urandom": """
        dsp = under_key(os.path.abspath("k.key"), lambda: os.symlink("/dev/urandom", "k.key"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_dangling_symlink": """
        dsp = under_key(os.path.abspath("k.key"), lambda: os.symlink(os.path.abspath("nowhere/k"), "k.key"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_parent_is_a_file": """
        dsp = under_key(os.path.abspath("afile/k.key"), lambda: open("afile", "w").write("x"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_unreadable": """
        def mk(): shutil.copy(RUN_KEY, "k.key"); os.chmod("k.key", 0)
        dsp = under_key(os.path.abspath("k.key"), mk)
        u = used(dsp)   # the same key: used is right where it can be read (root reads mode 000)
        result("GOOD" if (u and os.geteuid() == 0) or dsp.refused else "MESSY", f"euid {os.geteuid()}, used {u}, {dsp.refused}")""",
    "key_env_empty": """
        os.environ["HOME"] = T
        dsp = under_key("")
        made = os.path.exists(os.path.join(T, ".config/ceiling_scout/report.key"))
        result("SILENT_WRONG" if used(dsp) else "GOOD", f"refused {dsp.refused}; a key made in $HOME: {made}")""",
    "key_sparse_300MiB": """
        dsp = under_key(os.path.abspath("k.key"), lambda: open("k.key", "wb").truncate(300 << 20))
        result("SILENT_WRONG" if used(dsp) else "GOOD", dsp.refused)""",
    "key_replaced_after_load": """
        shutil.copy(RUN_KEY, "mine.key"); os.environ["CEILING_SCOUT_KEY"] = os.path.abspath("mine.key")   # same key
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        os.remove("mine.key"); open("mine.key", "wb").write(os.urandom(32))   # the key rotated after the reports were read
        result("GOOD" if used(dsp) else "MESSY", f"read before the rotation: {dsp.refused}")""",
    "signed_only_false_unsigned": """
        d = keep(rep, sign=False); write(d)
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False, signed_only=False)
        result("GOOD" if used(dsp) else "MESSY", f"signed_only=False, an unsigned KEEP vouched for: {dsp.refused}")""",
    "signed_only_str": """
        d = keep(rep, sign=False); write(d)
        try: dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False, signed_only="no")
        except (ValueError, TypeError, CeilingScoutError) as e: result("GOOD", e)
        result("SILENT_WRONG" if not used(dsp) else "GOOD", "signed_only='no' read as true" if not used(dsp) else "")""",
    "kernel_signs_own_forgery": """
        import subprocess   # a kernel validated by the CLI reads the key (same user) and signs a forged KEEP of itself
        open("examples/kernels/forger.py", "w").write(
            "import json, os\\nfrom ceiling_scout.modes.candidate import sign_report\\ndef matmul(a, b):\\n"
            "    p = os.path.join(os.environ['FORGE_DIR'], 'reports', 'gemm.json')\\n"
            "    d = json.load(open(p)); d.update(verdict='KEEP', speedup=4.0, speedup_ci95=[3.9, 4.1])\\n"
            "    open(os.path.join(os.environ['FORGE_DIR'], 'reports', 'forged.json'), 'w').write(json.dumps(sign_report(d)))\\n"
            "    return a @ b\\n")
        os.remove("reports/gemm.json"); shutil.copy(os.path.join(T, "orig.json"), "reports/gemm.json")
        subprocess.run([sys.executable, "-m", "ceiling_scout", "--operation", "gemm", "--shape", "64,64,64", "--device",
                        "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3", "--quiet", "--custom-kernel",
                        "examples/kernels/forger.py:matmul"], env={**os.environ, "FORGE_DIR": T}, capture_output=True,
                       timeout=120)
        os.remove("reports/gemm.json")
        if not os.path.exists("reports/forged.json"): result("GOOD", "the kernel could not forge a report")
        dsp = Dispatcher("reports/", device="cpu", trust=[pin], warn=False)
        result("GOOD", f"KNOWN LIMITATION: a forged KEEP signed by kernel code running as this user is used={used(dsp)}; "
               f"refused {dsp.refused}")""",
}


def sig_case(name, body) -> Case:
    head = "\n        RUN_KEY = os.environ['CEILING_SCOUT_KEY']\n        shutil.copy('reports/gemm.json', 'orig.json')\n"
    return api(f"sig:{name}", "signing", head + SIG_HEAD + textwrap.dedent(body).replace("\n", "\n        "),
               fixture=True, timeout=150)


def unsigned_post(t, rc, out, err):
    "A CLI validation whose key cannot be had: the report is written unsigned; it must say so."
    if rc != 0: return None
    try: d = json.loads((t / "r.json").read_text())
    except (OSError, ValueError) as e: return "LOSS", f"exit 0 but no report: {e}"
    if "signature" in d: return "GOOD", "signed"
    if "sign" not in (out + err).lower():
        return "SILENT_WRONG", "report written unsigned (a Dispatcher refuses its KEEP), nothing said about it"
    return "GOOD", "unsigned, said"


def new_cases() -> list[Case]:
    out = []
    # --jobs / --executor / --slurm
    for vname, v in {**VALUES, "text": "x", "float": "1.5"}.items():
        out.append(Case(f"jobs:jobs={vname}", "jobs", [*JOBS, "--jobs", v], "err", timeout=90))
    out += [
        Case("jobs:one_local", "jobs", [*JOBS, "--jobs", "1"], "ok", ok_needle="Merged report written", timeout=150),
        Case("jobs:two_local", "jobs", [*JOBS, "--jobs", "2"], "ok", ok_needle="Merged report written", timeout=150),
        Case("jobs:more_jobs_than_points", "jobs", [*JOBS, "--jobs", "4"], "either", ok_needle="Merged report written",
             timeout=200),
        Case("jobs:huge_int_capped_memory", "jobs", [f"cd {{t}} && ulimit -v 6000000 && {PY} -m ceiling_scout "
                                                     f"{' '.join(JOBS)} --jobs 99999999999999999999"], "err",
             shell=True, timeout=120),
        Case("jobs:executor_slurm_absent", "jobs", [*JOBS[:-2], "--executor", "slurm", "--jobs", "1"], "err",
             timeout=90),
        Case("jobs:executor_bogus", "jobs", [*JOBS[:-2], "--executor", "pbs", "--jobs", "1"], "err"),
        Case("jobs:executor_empty", "jobs", [*JOBS[:-2], "--executor", "", "--jobs", "1"], "err"),
        Case("jobs:no_output", "jobs", [*GEMM, "--k-list", "32,64", "--jobs", "1"], "err"),
        Case("jobs:output_txt", "jobs", [*GEMM, "--k-list", "32,64", "--executor", "local", "--jobs", "1", "--output",
                                         "{t}/r.txt"], "err"),
        Case("jobs:output_exists", "jobs", [*JOBS, "--jobs", "1"], "err", files={"r.json": '{"old": 1}'},
             post=keeps("r.json", '{"old": 1}'), timeout=150),
        Case("jobs:output_folder", "jobs", [*GEMM, "--k-list", "32,64", "--executor", "local", "--jobs", "1",
                                            "--output", "{t}/d/"], "either", files={"d": folder}, timeout=150),
        Case("jobs:output_jsonl", "jobs", [*GEMM, "--k-list", "32,64", "--executor", "local", "--jobs", "1",
                                           "--output", "{t}/r.jsonl"], "either", timeout=150),
        Case("jobs:jobs_folder_is_a_file", "jobs", [*JOBS, "--jobs", "1"], "err", files={"r.jobs": "x"}, timeout=150),
        Case("jobs:stale_rank_file", "jobs", [*JOBS, "--jobs", "1"], "either", files={"r.rank0.jsonl": '{"JUNK": 1}\n'},
             post=lambda t, rc, out, err: ("SILENT_WRONG", "a stale r.rank0.jsonl merged into the report") if rc == 0
             and "JUNK" in (t / "r.json").read_text() else None, timeout=150),
        Case("jobs:with_k_sweep", "jobs", [*JOBS, "--jobs", "1", "--k-sweep"], "err"),
        Case("jobs:not_a_gemm", "jobs", ["--operation", "softmax", "--shape", "64,64", *CPU, "--output", "{t}/r.json",
                                         "--executor", "local", "--jobs", "1"], "err"),
        Case("jobs:k_min_above_max", "jobs", [*GEMM, "--output", "{t}/r.json", "--executor", "local", "--jobs", "1",
                                              "--k-min", "128", "--k-max", "64", "--k-step", "32"], "err"),
        Case("jobs:k_list_zero", "jobs", [*GEMM, "--output", "{t}/r.json", "--executor", "local", "--jobs", "1",
                                          "--k-list", "0"], "err"),
        Case("jobs:executor_without_jobs", "jobs", [*GEMM, "--executor", "local"], "err"),
        Case("jobs:slurm_without_jobs", "jobs", [*GEMM, "--slurm", "partition=gpu"], "err"),
        Case("jobs:with_fleet", "jobs", [*JOBS, "--jobs", "1", "--fleet"], "err"),
    ]
    for n, v in {"no_equals": "partition", "empty_value": "partition=", "empty_key": "=gpu", "only_commas": ",,,",
                 "space_key": "x y=1", "timeout_text": "timeout_min=abc", "timeout_negative": "timeout_min=-5",
                 "timeout_zero": "timeout_min=0", "timeout_huge": "timeout_min=99999999999999999999",
                 "double_equals": "partition=a=b", "unknown_key": "no_such_parameter=1",
                 "python_injection": "partition=__import__('os').system('touch ran.txt')"}.items():
        exp = "either" if n in ("only_commas", "double_equals", "unknown_key", "python_injection") else "err"
        out.append(Case(f"jobs:slurm_{n}", "jobs", [*JOBS, "--jobs", "1", "--slurm", v], exp, no_mark=True,
                        ok_needle="Merged report written", timeout=150))
    # --fleet
    out += [
        Case("fleet:no_torchrun", "fleet", FLEET, "ok", ok_needle="rank", timeout=120),
        Case("fleet:json", "fleet", [*FLEET, "--json"], "ok", post=json_post, timeout=120),
        Case("fleet:output_json", "fleet", [*FLEET, "--output", "{t}/f.json"], "ok",
             post=lambda t, rc, out, err: None if rc != 0 or (t / "f.json").exists() else ("LOSS", "no f.json"),
             timeout=120),
        Case("fleet:output_exists", "fleet", [*FLEET, "--output", "{t}/f.json"], "err", files={"f.json": '{"old": 1}'},
             post=keeps("f.json", '{"old": 1}'), timeout=120),
        Case("fleet:output_jsonl", "fleet", [*FLEET, "--output", "{t}/f.jsonl"], "either", timeout=120),
        Case("fleet:output_folder", "fleet", [*FLEET, "--output", "{t}/d/"], "either", files={"d": folder},
             timeout=120),
        Case("fleet:output_txt", "fleet", [*FLEET, "--output", "{t}/f.txt"], "err"),
        Case("fleet:with_shape", "fleet", [*FLEET, "--shape", "8,8,8"], "err"),
        Case("fleet:with_operation", "fleet", [*FLEET, "--operation", "gemm", "--shape", "8,8,8"], "err"),
        Case("fleet:with_tp", "fleet", [*FLEET, "--tp", "1", "--model", "llama_block_tiny"], "err"),
        Case("fleet:with_kernel", "fleet", [*FLEET, "--custom-kernel", f"{GOOD_KERNEL}:matmul"], "err"),
        Case("fleet:with_model", "fleet", [*FLEET, "--model", "llama_block_tiny"], "err"),
        Case("fleet:with_collective_timeout", "fleet", [*FLEET, "--collective-timeout", "5"], "either", timeout=120),
        Case("fleet:precision_fp8_cpu", "fleet", ["--fleet", *CPU[:2], "--precision", "fp8", *CPU[4:]], "either",
             timeout=120),
        Case("fleet:precision_int8_cpu", "fleet", ["--fleet", *CPU[:2], "--precision", "int8", *CPU[4:]], "either",
             timeout=120),
        Case("fleet:device_h100_on_cpu", "fleet", ["--fleet", "--device", "h100", *CPU[2:]], "err", timeout=120),
        Case("fleet:torchrun_env_world1", "fleet", [worldless(" ".join(FLEET), world="1")], "ok", shell=True,
             ok_needle="rank", timeout=120),
        Case("fleet:rank0_peer_never_comes", "fleet", [worldless(" ".join(FLEET) + " --collective-timeout 5")], "err",
             shell=True, timeout=150),   # bounded by the user's --collective-timeout (default 300 s)
        Case("fleet:torchrun_2", "fleet", [f"cd {{t}} && {PY} -m torch.distributed.run --nproc_per_node 2 "
                                           f"--master_port $((20000 + RANDOM % 20000)) -m ceiling_scout "
                                           f"{' '.join(FLEET)} --output {{t}}/f.json"], "ok", shell=True,
             post=lambda t, rc, out, err: None if rc != 0 or (t / "f.json").exists() else ("LOSS", "no f.json"),
             timeout=240),
    ]
    # --tp with --model factories (one rank: --tp 1, no torchrun)
    for n, (body, exp, needle) in TP_FACTORIES.items():
        out.append(Case(f"tp:factory_{n}", "tp", TPF, exp, files={"m.py": LLAMA + textwrap.dedent(body)},
                        ok_needle=needle, timeout=180))
    out += [
        Case("tp:example_mixtral", "tp", ["--tp", "1", "--model", f"{ROOT}/examples/models/mixtral.py:make", *CPU],
             "err", timeout=180),
        Case("tp:example_llama", "tp", ["--tp", "1", "--model", f"{ROOT}/examples/models/llama.py:make", *CPU],
             "ok", timeout=240),
        Case("tp:hf_mixtral_config", "tp", ["--tp", "1", "--model", "hf:{t}/config.json", *CPU], "either",
             files={"config.json": MOE_HF}, post=moe_post, timeout=120),
        Case("tp:no_model", "tp", ["--tp", "1", *CPU], "err"),
        Case("tp:onnx_model", "tp", ["--tp", "1", "--model", "{t}/m.onnx", *CPU], "err", files={"m.onnx": b"\x00x"}),
        Case("tp:with_shape", "tp", ["--tp", "1", "--model", "llama_block_tiny", "--shape", "8,8,8", *CPU], "err"),
        Case("tp:seq_parallel_without_tp", "tp", ["--model", "llama_block_tiny", "--sequence-parallel", *CPU], "err"),
        Case("tp:batch_0", "tp", [*TPF, "--batch", "0"], "err", files={"m.py": LLAMA + TP_FACTORIES["llama_ok"][0]},
             no_mark=True),
        Case("tp:output_txt_unasked", "tp", [*TPF, "--output", "{t}/r.txt"], "err",
             files={"m.py": MARK + LLAMA + TP_FACTORIES["llama_ok"][0]}, no_mark=True),
        Case("tp:output_exists_unasked", "tp", [*TPF, "--output", "{t}/r.json"], "err",
             files={"m.py": MARK + LLAMA + TP_FACTORIES["llama_ok"][0], "r.json": '{"old": 1}'}, no_mark=True,
             post=keeps("r.json", '{"old": 1}')),
        Case("tp:json", "tp", [*TPF, "--json"], "ok", files={"m.py": LLAMA + TP_FACTORIES["llama_ok"][0]},
             post=json_post, timeout=180),
        Case("tp:rank0_peer_never_comes", "tp", [worldless("--tp 2 --model llama_block_tiny --collective-timeout 5 "
                                                           + " ".join(CPU))], "err", shell=True, timeout=150),
        Case("tp:torchrun_2_factory", "tp", [f"cd {{t}} && {PY} -m torch.distributed.run --nproc_per_node 2 "
                                             f"--master_port $((20000 + RANDOM % 20000)) -m ceiling_scout "
                                             f"{' '.join(TPF).replace('--tp 1', '--tp 2')} --output {{t}}/r.json"],
             "ok", shell=True, files={"m.py": LLAMA + TP_FACTORIES["llama_ok"][0]},
             post=lambda t, rc, out, err: None if rc != 0 or (t / "r.json").exists() else ("LOSS", "no r.json"),
             timeout=300),
    ]
    # --counters
    kk = [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul"]
    out += [Case(f"counters:{n}", "counters", [*kk, "--counters", v], "err") for n, v in
            {"bogus": "bogus", "empty": "", "upper": "ON", "number": "1"}.items()]
    out += [
        Case("counters:on_cpu_kernel", "counters", [*kk, "--counters", "on"], "ok", ok_needle="Verdict:", timeout=120),
        Case("counters:off_cpu_kernel", "counters", [*kk, "--counters", "off"], "ok", ok_needle="Verdict:", timeout=120),
        Case("counters:on_gemm", "counters", [*GEMM, "--counters", "on"], "ok", timeout=120),
        Case("counters:on_triage", "counters", [*TINY, "--counters", "on"], "either", timeout=120),
        Case("counters:on_fleet", "counters", [*FLEET, "--counters", "on"], "either", timeout=120),
        Case("counters:on_json", "counters", [*kk, "--counters", "on", "--json"], "ok", post=json_post, timeout=120),
    ]
    # --output into a folder that disappears during the run
    out += [
        Case("outgone:kernel_rmdir_json", "output-gone", [*VGEMM, "--custom-kernel", "{t}/k.py:fn", "--output",
                                                          "{t}/d/r.json"], "either", files={"d": folder,
             "k.py": KERNEL_RM}, post=gone_post("r.json"), timeout=120),
        Case("outgone:kernel_rmdir_jsonl", "output-gone", [*VGEMM, "--custom-kernel", "{t}/k.py:fn", "--output",
                                                           "{t}/d/r.jsonl"], "either", files={"d": folder,
             "k.py": KERNEL_RM}, post=gone_post("r.jsonl"), timeout=120),
        Case("outgone:kernel_rmdir_folder_mode", "output-gone", [*VGEMM, "--custom-kernel", "{t}/k.py:fn", "--output",
                                                                 "{t}/d/"], "either", files={"d": folder,
             "k.py": KERNEL_RM}, post=gone_post("gemm_*.json"), timeout=120),
        Case("outgone:kernel_dir_becomes_file", "output-gone", [*VGEMM, "--custom-kernel", "{t}/k.py:fn", "--output",
                                                                "{t}/d/r.json"], "either", files={"d": folder,
             "k.py": KERNEL_RM_FILE}, post=gone_post(""), timeout=120),
        Case("outgone:factory_rmdir", "output-gone", ["--model", "{t}/m.py:make", "--no-fusion", *CPU, "--output",
                                                      "{t}/d/r.json"], "either", files={"d": folder, "m.py": FACTORY_RM},
             post=gone_post("r.json"), timeout=120),
        Case("outgone:profile_rmdir", "output-gone", ["--profile", "{t}/p.py:fn", *CPU, "--output", "{t}/d/r.json"],
             "either", files={"d": folder, "p.py": PROFILE_RM}, post=gone_post("r.json"), timeout=120),
        Case("outgone:cwd_removed", "output-gone", [f"mkdir -p {{t}}/w && cd {{t}}/w && {PY} -m ceiling_scout "
                                                    f"{' '.join(VGEMM)} --custom-kernel {{t}}/k.py:fn --output r.json"],
             "either", shell=True, files={"k.py": KERNEL_RM_CWD}, post=gone_post("r.json"), timeout=120),
        Case("outgone:jobs_rmdir_between", "output-gone",
             [f"cd {{t}} && mkdir d && ({PY} -m ceiling_scout {' '.join(JOBS).replace('{t}/r.json', '{t}/d/r.json')} "
              "--jobs 1 & P=$!; for i in $(seq 200); do [ -e d/r.rank0.jsonl ] && break; sleep 0.1; done; "
              "rm -rf d; wait $P)"], "either", shell=True, post=gone_post("r.json"), timeout=150),
    ]
    # signed reports, through the API and the CLI
    out += [sig_case(n, b) for n, b in SIG.items()]
    kv = [*VGEMM, "--custom-kernel", f"{GOOD_KERNEL}:matmul", "--output", "{t}/r.json"]
    out += [
        Case("sig:cli_key_directory", "signing", kv, "ok", env={"CEILING_SCOUT_KEY": "{t}/kdir"}, files={"kdir": folder},
             post=unsigned_post, timeout=120),
        Case("sig:cli_key_fifo", "signing", kv, "ok", env={"CEILING_SCOUT_KEY": "{t}/k.fifo"}, files={"k.fifo": fifo},
             post=unsigned_post, timeout=120),
        Case("sig:cli_key_short", "signing", kv, "ok", env={"CEILING_SCOUT_KEY": "{t}/k.key"},
             files={"k.key": "short"}, post=unsigned_post, timeout=120),
        Case("sig:cli_key_env_empty", "signing", kv, "ok", env={"CEILING_SCOUT_KEY": "", "HOME": "{t}"},
             post=unsigned_post, timeout=120),
        Case("sig:cli_key_parent_is_file", "signing", kv, "ok", env={"CEILING_SCOUT_KEY": "{t}/afile/k.key"},
             files={"afile": "x"}, post=unsigned_post, timeout=120),
    ]
    return out


# ---------------------------------------------------------------- running and classifying
def tagged_pids(tag: str) -> list[int]:
    "Live (non-zombie) processes whose environment holds the case's tag."
    found = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit() or int(d.name) == os.getpid(): continue
        try:
            if f"HOSTILE36_TAG={tag}".encode() not in (d / "environ").read_bytes(): continue
            if (d / "stat").read_text().rsplit(")", 1)[1].split()[0] != "Z": found.append(int(d.name))
        except OSError: continue
    return found


def prepare(case: Case, t: Path, fixture: Path, cache: Path):
    (t / "cache").mkdir()
    shutil.copy(cache, t / "cache/measured_ceilings.json")
    for name, content in case.files.items():
        if name == "__fixture__":
            shutil.copytree(fixture / "examples", t / "examples"); shutil.copytree(fixture / "reports", t / "reports")
            shutil.copy(fixture / "runs.jsonl", t / "runs.jsonl"); shutil.copy(fixture / "triage.jsonl", t)
            (t / "mark.txt").write_text(MARK + "def matmul(a, b): return a @ b\n")
        elif callable(content): content(t / name)
        elif isinstance(content, bytes): (t / name).write_bytes(content)
        else: (t / name).write_text(content)


def classify(case: Case, t: Path, rc, out: str, err: str, left: list[int]) -> tuple[str, str]:
    errl = [l for l in err.splitlines() if l.strip()]
    if rc is None: return "HANG", f"past {case.timeout} s"
    if case.no_mark and (t / "ran.txt").exists(): return "RAN_UNASKED", f"exit {rc}; marker written: {err[-200:]!r}"
    if left: return "LEFT_BEHIND", f"{len(left)} process(es) still running after exit {rc}"
    if case.post and (r := case.post(t, rc, out, err)): return r
    if "Traceback" in out + err: return "TRACEBACK", errl[-1][:200] if errl else "Traceback in stdout"
    if case.expect == "py":
        res = [l for l in out.splitlines() if l.startswith("RESULT ")]
        if not res: return "TRACEBACK", f"exit {rc}: " + (errl[-1][:200] if errl else "no RESULT")
        cls, _, detail = res[-1][7:].partition(" ")
        return cls, detail
    if rc < 0 or rc == 134: return "CRASH", f"exit {rc}: " + (errl[-1][:200] if errl else "no output on stderr")
    if rc == 1: return "TRACEBACK", f"exit {rc}: " + (errl[-1][:200] if errl else "")
    one = rc == 2 and len(errl) == 1
    if case.expect == "err_silent": return ("GOOD", "") if rc == 2 else ("MESSY", f"exit {rc}")
    if case.expect == "err":
        if one: return "GOOD", errl[0][:200]
        if rc == 0: return "SILENT_WRONG", "exit 0: accepted" + (f"; stderr {errl[0][:150]!r}" if errl else "")
        return "MESSY", f"exit {rc}, {len(errl)} stderr lines: " + " | ".join(errl)[:200]
    ok = rc == 0 and (case.stdout == "closed" or case.ok_needle in out)
    piped = case.stdout == "closed" or "head -c0" in case.argv[0]
    if ok or (case.expect == "either" and one) or (piped and rc == 141 and not errl) or (
            rc == 130 and len(errl) == 1 and "KeyboardInterrupt" in case.files.get("k.py", "")):
        return "GOOD", (errl[0][:200] if errl else f"exit {rc}")
    if case.expect == "ok" and rc == 0: return "SILENT_WRONG", f"exit 0 without {case.ok_needle!r}: {out[-200:]!r}"
    return "MESSY", f"exit {rc}, {len(errl)} stderr lines: " + " | ".join(errl)[:200]


def run_case(case: Case, base: Path, fixture: Path, cache: Path) -> dict:
    t = Path(tempfile.mkdtemp(prefix=case.name.replace("/", "_").replace(":", "_")[:40] + "_", dir=base))
    tag = uuid.uuid4().hex
    env = {**os.environ, "HOSTILE36_TAG": tag, "CEILING_SCOUT_CACHE": str(t / "cache"), "PYTHONPATH": str(ROOT)}
    env.update({k: v.replace("{t}", str(t)) for k, v in case.env.items()})
    t0 = time.monotonic()
    try: prepare(case, t, fixture, cache)
    except Exception as e: return {"name": case.name, "group": case.group, "class": "MESSY", "detail": f"setup: {e}"}
    sub = lambda a: a.replace("{t}", str(t))
    if case.shell: cmd = ["bash", "-c", sub(case.argv[0])]
    elif case.argv and case.argv[0] == "python": cmd = [PY, *map(sub, case.argv[1:])]
    else: cmd = [PY, "-m", "ceiling_scout", *map(sub, case.argv)]
    rfd = wfd = None
    if case.stdout == "closed": rfd, wfd = os.pipe(); os.close(rfd)
    p = subprocess.Popen(cmd, cwd=t, env=env, stdout=wfd if wfd is not None else subprocess.PIPE,
                         stderr=subprocess.PIPE, stdin=subprocess.DEVNULL, start_new_session=True)
    if wfd is not None: os.close(wfd)
    try: out, err = p.communicate(timeout=case.timeout); rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL); out, err = p.communicate(); rc = None
    out = (out or b"").decode(errors="replace"); err = (err or b"").decode(errors="replace")
    time.sleep(0.5)
    left = tagged_pids(tag)
    for pid in left:   # what this case started and left: ended by its id
        try: os.kill(pid, signal.SIGKILL)
        except OSError: pass
    cls, detail = classify(case, t, rc, out, err, left)
    shutil.rmtree(t, ignore_errors=True)
    return {"name": case.name, "group": case.group, "argv": case.argv, "expect": case.expect, "exit": rc,
            "class": cls, "detail": detail, "seconds": round(time.monotonic() - t0, 2),
            "stderr_tail": err[-400:], "stdout_tail": out[-200:]}


def warm(base: Path) -> tuple[Path, Path]:
    "A measured-ceiling cache every case starts from, and the Dispatcher fixture: a CLI validation of good_gemm."
    fx = base / "fixture"; (fx / "reports").mkdir(parents=True)
    shutil.copytree(ROOT / "examples/kernels", fx / "examples/kernels")
    env = {**os.environ, "CEILING_SCOUT_CACHE": str(base / "warm"), "PYTHONPATH": str(ROOT)}
    for argv in (["--model", "llama_block_tiny", *CPU, "--output", "triage.jsonl"], [*GEMM, "--output", "runs.jsonl"],
                 ["--operation", "gemm", "--shape", "256,256,256", *CPU, "--custom-kernel",
                  "examples/kernels/good_gemm.py:matmul", "--compare", "--output", "reports/gemm.json"]):
        p = subprocess.run([PY, "-m", "ceiling_scout", *argv], cwd=fx, env=env, capture_output=True, text=True,
                           timeout=600)
        assert p.returncode == 0, p.stderr[-2000:]
    return fx, base / "warm/measured_ceilings.json"


def all_cases() -> list[Case]:
    return (numeric_cases() + ops_cases() + cache_cases() + output_cases() + stream_cases() + kernel_cases()
            + user_fn_cases() + value_cases() + unasked_cases() + api_cases() + cheat_cases() + new_cases())


def summary(results: list[dict], tag: str, seconds: float, only: str = "") -> str:
    counts = {c: sum(r["class"] == c for r in results) for c in CLASSES}
    rows = [f"# Hostile pass of issue 36 on the CPU: {tag}", "",
            f"{len(results)} cases in {seconds:.0f} s; code {git_rev()}; {time.strftime('%Y-%m-%d %H:%M %Z')}; "
            f"{os.uname().nodename}, {os.cpu_count()} CPUs; command: "
            f"`PYTHONPATH=$PWD python {Path(__file__).relative_to(ROOT)} --tag {tag}"
            + (f" --only {only}`" if only else "`"), "",
            "| class | cases |", "|---|---|", *[f"| {c} | {n} |" for c, n in counts.items()], "",
            "## Not GOOD", "", "| case | class | exit | detail |", "|---|---|---|---|"]
    rows += [f"| {r['name']} | {r['class']} | {r.get('exit')} | {r['detail'][:160].replace('|', '/')} |"
             for r in results if r["class"] != "GOOD"]
    return "\n".join(rows) + "\n"


def git_rev() -> str:
    p = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    dirty = subprocess.run(["git", "status", "--porcelain", "--", "ceiling_scout", "nbs"], cwd=ROOT,
                           capture_output=True, text=True).stdout.strip()
    return p.stdout.strip() + (" (+ uncommitted changes)" if dirty else "")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tag", default="run"); ap.add_argument("--only", default="")
    ap.add_argument("--workers", type=int, default=2)
    a = ap.parse_args()
    cases = [c for c in all_cases() if not a.only or any(s in c.name for s in a.only.split(","))]
    assert len({c.name for c in cases}) == len(cases), "case names must be unique"
    base = Path(tempfile.mkdtemp(prefix="hostile36_"))
    os.environ["CEILING_SCOUT_KEY"] = str(base / "report.key")   # the run's own signing key, not ~/.config's
    t0 = time.monotonic()
    fixture, cache = warm(base)
    print(f"{len(cases)} cases; warmed in {time.monotonic() - t0:.0f} s", flush=True)
    def one(c):
        r = run_case(c, base, fixture, cache)
        print(f"{r['class']:<12} {r.get('seconds', 0):6.1f}s {c.name}: {r['detail'][:110]}", flush=True)
        return r
    with ThreadPoolExecutor(a.workers) as ex: results = list(ex.map(one, cases))
    secs = time.monotonic() - t0
    shutil.rmtree(base, ignore_errors=True)
    suffix = a.tag   # --only: a subset, named in the summary's command line
    (HERE / f"results_{suffix}.json").write_text(json.dumps({"tag": a.tag, "code": git_rev(), "seconds": round(secs),
                                                             "only": a.only, "cases": results}, indent=1) + "\n")
    (HERE / f"summary_{suffix}.md").write_text(s := summary(results, a.tag, secs, a.only))
    print(s)


if __name__ == "__main__":
    main()
