"""Cases the hostile pass of issue 36 (data/raw/cpu/issue36_hostile_2026-11-29/hostile.py) found bad at 07712df, each
as the CLI runs it in a fresh process on the CPU: one line on stderr and the right exit status, in bounded time, and no
user code run when the options are refused."""
import json, os, time
from support import assert_one_line, cs

CPU = ("--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3", "--quiet")


def test_unwritable_cache_folder_does_not_wait(tmp_path):
    "--cache in a folder where no file can be made: the run goes on without saving (was 60 s per ceiling: a hang)."
    t0 = time.monotonic()
    p = cs("--operation", "gemm", "--shape", "32,32,32", *CPU, "--cache", "/proc/self/c.json", cwd=tmp_path,
           timeout=300)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr, (p.returncode, p.stderr[-800:])
    assert "could not save" in p.stdout + p.stderr, p.stdout[-800:]
    assert time.monotonic() - t0 < 60, time.monotonic() - t0
    p = cs("--operation", "gemm", "--shape", "32,32,32", *CPU, "--cache", tmp_path / "new/c.json", cwd=tmp_path,
           timeout=300)   # a folder not there yet is made, as before
    assert p.returncode == 0 and json.loads((tmp_path / "new/c.json").read_text()), p.stderr[-800:]


def test_kernel_hanging_at_import_is_one_line(tmp_path):
    "A kernel module that never finishes importing counts against --kernel-timeout (was: the CLI waited forever)."
    (tmp_path / "k.py").write_text("import time\ntime.sleep(250)\ndef fn(a, b): return a @ b\n")
    t0 = time.monotonic()
    p = cs("--operation", "gemm", "--shape", "64,64,64", *CPU, "--custom-kernel", f"{tmp_path / 'k.py'}:fn",
           "--kernel-timeout", "3", cwd=tmp_path, timeout=120)
    assert_one_line(p.returncode, p.stderr, "k.py:fn", "3 s", "--kernel-timeout")
    assert time.monotonic() - t0 < 60, time.monotonic() - t0


def test_profile_counts_refused_before_the_function_is_imported(tmp_path):
    "--profile-steps 0 (or --profile-warmup -1) is refused before the profiled module runs (it was imported first)."
    (tmp_path / "p.py").write_text("open(__file__ + '.ran', 'w')\ndef fn(): return 1\n")
    for flag, value in (("--profile-steps", "0"), ("--profile-warmup", "-1")):
        p = cs("--profile", f"{tmp_path / 'p.py'}:fn", *CPU, flag, value, cwd=tmp_path, timeout=120)
        assert_one_line(p.returncode, p.stderr, "--profile-steps", "--profile-warmup")
        assert not (tmp_path / "p.py.ran").exists(), flag


def test_special_inputs_are_one_line(tmp_path):
    "A --weights FIFO (blocked the CLI: a hang) and an hf config nested 100,000 deep (a RecursionError): one line."
    os.mkfifo(tmp_path / "w.pt")
    (tmp_path / "config.json").write_text("[" * 100000 + "]" * 100000)
    for argv, words in ((("--weights", tmp_path / "w.pt", "--shape", "32"), ("w.pt", "not a regular file")),
                        (("--model", f"hf:{tmp_path / 'config.json'}", "--no-fusion"), ("config.json", "not JSON"))):
        p = cs(*argv, *CPU, cwd=tmp_path, timeout=120)
        assert_one_line(p.returncode, p.stderr, *words)


def test_an_empty_value_is_one_line(tmp_path):
    "`--sparsify ''` ran the triage without a word (no pruning); any option given '' is refused before any work."
    p = cs("--model", "llama_block_tiny", "--no-fusion", *CPU, "--sparsify", "", cwd=tmp_path, timeout=120)
    assert_one_line(p.returncode, p.stderr, "--sparsify", "empty")
