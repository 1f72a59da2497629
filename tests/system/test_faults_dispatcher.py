"""Fault injection, user code in a box: planted kernels that call sys.exit(0), os._exit(3), exit at import, chdir to
'/', fork (a child left sleeping, or a copy of the tool returning) or never return, run through the CLI in a fresh
process from a temporary working directory. Each gives a FAIL verdict naming what it did (exit 0 with its report) or a
one-line error (exit 2); the CLI is never ended by the kernel, a relative --output lands in the working directory, and no
child process survives. Also: --kernel-timeout inf, 0 or nan is a one-line error naming the flag."""
import json, os, time
from pathlib import Path
import pytest
from support import assert_one_line, cs

GEMM = ("--operation", "gemm", "--shape", "8,8,8", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "4", "--quiet", "--compare")
HEAD = "import os, sys, time, torch\n"
KERNELS = {
    "sys_exit": "def fn(a, b):\n    sys.exit(0)\n",
    "os_exit": "def fn(a, b):\n    os._exit(3)\n",
    "chdir": "def fn(a, b):\n    os.chdir('/')\n    return a @ b\n",
    "fork_sleeps": "def fn(a, b):\n    pid = os.fork()\n    if pid == 0: time.sleep(600)\n"
                   "    open(PIDS, 'a').write(f'{pid}\\n')\n    return a @ b\n",
    "fork_returns": "def fn(a, b):\n    pid = os.fork()\n    if pid: open(PIDS, 'a').write(f'{pid}\\n')\n"
                    "    return a @ b\n",
    "hangs": "def fn(a, b):\n    time.sleep(600)\n",
}
WHAT = {"sys_exit": "the kernel called sys.exit(0)", "os_exit": "the kernel called os._exit(3)",
        "chdir": "changed the working directory to '/' (restored)", "fork_sleeps": "child process(es) running",
        "fork_returns": "child process(es) running", "hangs": "no result within 2 s"}


def alive(pid: int) -> bool:
    "The process exists and is not a zombie."
    try: state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError): return False
    return state != "Z"


def plant(tmp_path: Path, name: str, body: str) -> Path:
    k = tmp_path / "kernels" / f"{name}.py"; k.parent.mkdir(exist_ok=True)
    k.write_text(HEAD + f"PIDS = {str(tmp_path / 'pids.txt')!r}\n" + body)
    return k


@pytest.mark.parametrize("name", list(KERNELS))
def test_kernel_cannot_take_the_tool_over(name, tmp_path):
    k = plant(tmp_path, name, KERNELS[name])
    work = tmp_path / "work"; work.mkdir()
    t0 = time.monotonic()
    p = cs(*GEMM, "--custom-kernel", f"{k}:fn", "--kernel-timeout", "2", "--output", "v.json", cwd=work, timeout=180)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr, (name, p.returncode, p.stderr[-1500:])
    r = json.loads((work / "v.json").read_text())          # the relative --output, in the working directory
    assert r["verdict"] == "FAIL" and not r.get("custom"), (name, r["verdict"])
    failed = [c for c in r["checks"] if not c["passed"] and not c.get("info")]
    assert failed and WHAT[name] in failed[0]["detail"] and "\n" not in failed[0]["detail"], (name, failed)
    assert "Report written to v.json" in p.stdout, p.stdout[-800:]
    assert not (Path("/") / "v.json").exists()
    assert time.monotonic() - t0 < 170
    pids = [int(x) for x in (tmp_path / "pids.txt").read_text().split()] if (tmp_path / "pids.txt").exists() else []
    if name.startswith("fork"): assert pids, "the planted kernel never forked"
    time.sleep(0.2)
    assert not [q for q in pids if alive(q)], f"child processes survive: {pids}"


@pytest.mark.parametrize("how", ["sys.exit(0)", "os._exit(5)"])
def test_exit_at_import_is_one_line(how, tmp_path):
    k = plant(tmp_path, "at_import", f"{how}\ndef fn(a, b):\n    return a @ b\n")
    p = cs(*GEMM, "--custom-kernel", f"{k}:fn", cwd=tmp_path, timeout=120)
    assert_one_line(p.returncode, p.stderr, "importing", f"the kernel called {how}")


@pytest.mark.parametrize("value", ["0", "nan", "-1"])
def test_kernel_timeout_must_be_positive(value, tmp_path):
    p = cs(*GEMM, "--custom-kernel", str(Path(__file__).resolve().parents[2] / "examples/kernels/good_gemm.py:matmul"),
           f"--kernel-timeout={value}", cwd=tmp_path, timeout=120)
    line = assert_one_line(p.returncode, p.stderr, "--kernel-timeout must be seconds > 0")
    assert "OverflowError" not in line and "kernel runs" not in line, line
