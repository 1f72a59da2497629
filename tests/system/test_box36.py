"""No process or thread a kernel starts outlives the verdict, and an exit inside it is a FAIL, never a silent exit 0
(issue 36 item 3): real processes on the CPU, each case in seconds."""
import sys, textwrap, time
from pathlib import Path
import pytest
from support import cs

GEMM = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "4", "--compare")
KERNELS = {   # each writes the pids of what it started to pids.txt beside it
    "double_fork": """
        import os, time
        def fn(a, b):
            pid = os.fork()
            if pid == 0:   # the child forks again and leaves: the grandchild, a copy of the tool, is orphaned
                if os.fork() == 0:
                    with open(os.path.join(os.path.dirname(__file__), "pids.txt"), "a") as f: f.write(f"{os.getpid()}\\n")
                    time.sleep(250)
                os._exit(0)
            os.waitpid(pid, 0)
            return a @ b
        """,
    "popen_sleep": """
        import os, subprocess
        def fn(a, b):
            p = subprocess.Popen(["sleep", "250"])
            with open(os.path.join(os.path.dirname(__file__), "pids.txt"), "a") as f: f.write(f"{p.pid}\\n")
            return a @ b
        """,
    "thread_at_import": """
        import threading, time
        threading.Thread(target=time.sleep, args=(250,)).start()   # not a daemon: it would hold the interpreter
        def fn(a, b): return a @ b
        """,
    "posix_exit": """
        import posix
        def fn(a, b): posix._exit(0)
        """,
    "libc_exit": """
        import ctypes
        def fn(a, b): ctypes.CDLL(None).exit(0)   # the C library's exit: no Python hook sees it
        """,
}


def kernel(tmp_path: Path, name: str) -> str:
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(KERNELS[name]))
    return f"{tmp_path / name}.py:fn"


def running(tmp_path: Path) -> list[int]:
    "The pids the kernel wrote that still run (a zombie its new parent has yet to reap counts as ended)."
    time.sleep(0.5); left = []
    for pid in {int(p) for p in (tmp_path / "pids.txt").read_text().split()}:
        try: state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError: continue
        if state != "Z": left.append(pid)
    return left


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["double_fork", "popen_sleep"])
def test_isolated_kernel_leaves_no_process(name, tmp_path):
    from ceiling_scout.engine.workloads import make_workload
    from ceiling_scout.modes.validation import validate
    w = make_workload("gemm", (64, 64, 64), "fp32")
    v = validate(kernel(tmp_path, name), w, "cpu", compare=False, isolate=True, edge_shapes=())
    assert (tmp_path / "pids.txt").exists(), v.verdict   # the kernel ran
    assert running(tmp_path) == [], running(tmp_path)


@pytest.mark.parametrize("name", ["posix_exit", "libc_exit"])
def test_exit_in_isolated_kernel_is_a_fail(name, tmp_path):
    from ceiling_scout.engine.workloads import make_workload
    from ceiling_scout.modes.validation import validate
    w = make_workload("gemm", (64, 64, 64), "fp32")
    v = validate(kernel(tmp_path, name), w, "cpu", compare=False, isolate=True, edge_shapes=())
    assert (v.verdict, v.traps[:1]) == ("FAIL", ("exits",)), (v.verdict, v.traps)


@pytest.mark.parametrize("name", ["posix_exit", "libc_exit"])
def test_exit_through_the_cli_is_a_fail(name, tmp_path):
    "An exit inside the kernel ends only the kernel's own process (on the CPU too, since issue 34): a FAIL verdict."
    r = cs(*GEMM, "--custom-kernel", kernel(tmp_path, name), timeout=120)
    assert r.returncode == 0 and "Verdict: FAIL" in r.stdout and "[trap exits]" in r.stdout, (r.returncode, r.stdout)
    assert "Traceback" not in r.stdout + r.stderr, r.stderr[-800:]


def test_thread_at_import_does_not_hold_the_cli(tmp_path):
    t0 = time.monotonic()
    r = cs(*GEMM, "--custom-kernel", kernel(tmp_path, "thread_at_import"), timeout=120)
    assert r.returncode == 0 and "Verdict:" in r.stdout, (r.returncode, r.stdout[-800:], r.stderr[-800:])
    assert time.monotonic() - t0 < 90, time.monotonic() - t0   # not the thread's 250 s


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
@pytest.mark.parametrize("name", ["double_fork", "popen_sleep"])
def test_cli_on_the_cpu_leaves_no_process(name, tmp_path):
    "The CPU CLI validates in its own process: what the kernel started is killed as the tool leaves (left 20 before)."
    r = cs(*GEMM, "--custom-kernel", kernel(tmp_path, name), timeout=120)
    assert "Verdict:" in r.stdout and (tmp_path / "pids.txt").exists(), (r.returncode, r.stdout[-800:], r.stderr[-800:])
    assert running(tmp_path) == [], running(tmp_path)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_factory_process_does_not_outlive_the_triage(tmp_path):
    (tmp_path / "model.py").write_text(textwrap.dedent("""
        import os, subprocess, torch
        def make():
            p = subprocess.Popen(["sleep", "250"])
            with open(os.path.join(os.path.dirname(__file__), "pids.txt"), "a") as f: f.write(f"{p.pid}\\n")
            return torch.nn.Linear(16, 16), (torch.randn(4, 16),)
        """))
    r = cs("--model", f"{tmp_path / 'model.py'}:make", "--device", "cpu", "--precision", "fp32", "--warmup", "1",
           "--iters", "3", "--no-fusion", "--quiet", timeout=120)
    assert r.returncode == 0, (r.returncode, r.stderr[-800:])
    assert running(tmp_path) == [], running(tmp_path)
