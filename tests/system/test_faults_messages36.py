"""Tracebacks and unclear messages of issue 36 (item 9): each bad input ends with one line on stderr naming the value
and what is valid, exit status 2; `--kernel-timeout inf` means no limit, as --help says; a closed stdout pipe ends
quietly, the Unix way. All on the CPU, in a fresh process per CLI call."""
import json, subprocess, sys
import pytest
import torch
from support import ROOT, assert_one_line, cs
from ceiling_scout.engine.core import CeilingScoutError

CPU = ("--device", "cpu", "--warmup", "1", "--iters", "3", "--precision", "fp32", "--quiet")
GEMM = ("--operation", "gemm", "--shape", "32,32,32", *CPU)
KERNEL = ("--custom-kernel", str(ROOT / "examples/kernels/good_gemm.py:matmul"))
G = {"a": {"op": "gemm", "shape": [8, 8, 8]}}
KV = {"att": {"op": "attention", "shape": [1, 2, 16, 16], "kv_heads": "two"}}
CASES = {   # name -> (argv, with {ops} / {w8} for the files written below, the words the line holds)
    "targets_empty": ((*GEMM, *KERNEL, "--targets", ""), ("--targets", "got ''")),
    "max_compiled_negative": (("--ops", "{ops}", "--max-compiled", "-1", *CPU), ("--max-compiled", ">= 0", "got -1")),
    "keep_dtype_with_ops": (("--ops", "{ops}", "--keep-dtype", *CPU), ("--keep-dtype", "--model")),
    "tp_negative": (("--model", "llama_block_tiny", "--tp", "-2", "--device", "cpu"), ("--tp", ">= 1", "got -2")),
    "weights_float8": (("--weights", "{w8}", "--shape", "32", *CPU), ("float8_e4m3fn", "float16, bfloat16")),
    "ops_kv_heads_text": (("--ops", "{kv}", *CPU), ("entry 'att'", "kv_heads='two'")),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_one_line(name, tmp_path):
    argv, words = CASES[name]
    files = {"ops": tmp_path / "ops.json", "kv": tmp_path / "kv.json", "w8": tmp_path / "w8.pt"}
    files["ops"].write_text(json.dumps(G)); files["kv"].write_text(json.dumps(KV))
    torch.save(torch.randn(32, 32).to(torch.float8_e4m3fn), files["w8"])
    p = cs(*(a.format(**files) for a in argv), cwd=tmp_path, timeout=300)
    line = assert_one_line(p.returncode, p.stderr, *words)
    assert "Broken pipe" not in line and "must equal the number of ranks" not in line, line


def test_kernel_timeout_inf_is_no_limit(tmp_path):
    p = cs(*GEMM, *KERNEL, "--kernel-timeout", "inf", cwd=tmp_path, timeout=300)
    assert p.returncode == 0 and "Verdict: PASS" in p.stdout and not p.stderr.strip(), (p.returncode, p.stderr[-600:])


@pytest.mark.parametrize("argv", [GEMM, ("--help",)], ids=["gemm", "help"])
def test_closed_stdout_is_quiet(argv, tmp_path):
    p = subprocess.Popen([sys.executable, "-m", "ceiling_scout", *argv], stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, cwd=tmp_path)
    p.stdout.close()   # the reader went away before the first line (`| head -c 0`)
    err = p.stderr.read(); code = p.wait(timeout=300)
    assert code in (0, 141) and not err.strip(), (code, err[-600:])


@pytest.mark.parametrize("call", [lambda s: s.detect_ceiling("gemm", 64, "fp32"),
                                  lambda s: s.detect_ceiling("attention", (1, 2, 16, 16), "fp32", kv_heads="two")],
                         ids=["int_shape", "text_kv_heads"])
def test_detect_ceiling_bad_values(call, tmp_path, monkeypatch):
    from ceiling_scout import CeilingScout
    monkeypatch.setenv("CEILING_SCOUT_CACHE", str(tmp_path / "c.json"))   # refused before anything is measured
    with pytest.raises(CeilingScoutError) as e: call(CeilingScout(device="cpu"))
    msg = str(e.value)
    assert "\n" not in msg and ("got 64" in msg or "kv_heads='two'" in msg), msg


@pytest.mark.parametrize("what", ["factory", "kernel"])
def test_user_code_closing_stdout(what, tmp_path):
    "A factory or kernel that closes sys.stdout: the verdict is still printed, no traceback (the box puts it back)."
    (tmp_path / "m.py").write_text(
        "import sys, torch\n"
        "def make():\n    sys.stdout.close()\n    return torch.nn.Sequential(torch.nn.Linear(16, 16)), (torch.randn(4, 16),)\n"
        "def matmul(a, b):\n    sys.stdout.close()\n    return a @ b\n")
    argv = (("--model", "m.py:make", *CPU) if what == "factory" else
            (*GEMM, "--custom-kernel", "m.py:matmul"))
    p = cs(*argv, cwd=tmp_path, timeout=300)
    assert p.returncode == 0 and "Traceback" not in p.stderr, (p.returncode, p.stderr[-800:])
    assert ("model triage" in p.stdout) if what == "factory" else ("Verdict:" in p.stdout), p.stdout[-800:]
