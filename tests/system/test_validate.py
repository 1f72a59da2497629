"""Custom-kernel validation through the CLI on the CPU: the shipped example kernels get their verdicts (FAIL for each
broken one, never timed), the compiled C++ operator where a compiler is available, every bad input a one-line error
(exit 2) or a FAIL verdict, never a traceback or a hang; the papermill notebook grades a good and a broken kernel and a
Dispatcher reads both reports back. Verdicts are read from the JSON reports."""
import json, runpy
import pytest
from support import ROOT, assert_one_line, cs, papermill, proc, run_cli

K = "examples/kernels"
GEMM = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "5", "--quiet")
BROKEN = ["wrong_result", "constant_output", "stale_cache", "overwrites_input", "aliases_input", "partial_write", "racy",
          "raises", "wrong_shape", "wrong_dtype", "static_output"]


def verdict(tmp_path, kernel, *flags, argv=GEMM) -> dict:
    "Run the CLI in this process on `kernel`; its validation report (exit 0, no traceback)."
    out = tmp_path / "v.json"
    code, o, e = run_cli(*argv, "--custom-kernel", kernel, *flags, "--output", str(out))
    assert code == 0 and "Traceback" not in o + e, (kernel, code, e[-1000:])
    r = json.loads(out.read_text())
    assert r["kind"] == "custom_kernel_validation", r["kind"]
    r["_stdout"] = o
    return r


def test_good_kernel_compared(tmp_path):
    r = verdict(tmp_path, f"{K}/good_gemm.py:matmul", "--compare", "--targets", "2,3,5")
    assert r["verdict"] in ("KEEP", "REVERT", "TOO_CLOSE_TO_CALL") and r["custom"] and r["speedup"] > 0, r["verdict"]
    assert "=== Targets over" in r["_stdout"], r["_stdout"][-2000:]   # the tiers table (the CLI's JSON has no tiers)


def test_good_kernel_checked(tmp_path):
    assert verdict(tmp_path, f"{K}/good_gemm.py:matmul")["verdict"] == "PASS"


@pytest.mark.parametrize("fn", BROKEN)
def test_broken_kernel_fails_untimed(fn, tmp_path):
    r = verdict(tmp_path, f"{K}/broken_gemm.py:{fn}", "--compare")
    assert r["verdict"] == "FAIL" and not r.get("custom") and r.get("speedup") is None, (fn, r["verdict"])
    assert any(c.get("passed") is False or c.get("status") == "FAIL" for c in r["checks"]) or r["checks"] == [], fn


def test_hanging_kernel_times_out(tmp_path):
    "A kernel that never returns: FAIL after --kernel-timeout, in a process of its own (the hang stays there)."
    p = cs(*GEMM, "--custom-kernel", f"{K}/broken_gemm.py:hangs", "--kernel-timeout", "1", "--output",
           tmp_path / "h.json", timeout=120)
    assert p.returncode == 0 and "Traceback" not in p.stdout + p.stderr, p.stderr[-1000:]
    assert json.loads((tmp_path / "h.json").read_text())["verdict"] == "FAIL"


def test_attention_missing_scale(tmp_path):
    argv = ("--operation", "attention", "--shape", "1,2,64,32", "--precision", "fp32", "--device", "cpu", "--quiet")
    assert verdict(tmp_path, f"{K}/attention.py:missing_scale", argv=argv)["verdict"] == "FAIL"


BAD = [("custom kernel file 'nope.py' does not exist", "--custom-kernel", "nope.py:matmul"),
       ("has no function 'matmull' (it defines: matmul)", "--custom-kernel", f"{K}/good_gemm.py:matmull"),
       ("compiled extension 'missing.so' does not exist", "--custom-kernel", "missing.so:ns::op"),
       ("--compare", "--compare"),
       ("does not apply to --operation conv2d", "--operation", "conv2d", "--shape", "1,8,8,8,8,3,3", "--custom-kernel",
        f"{K}/good_gemm.py:matmul")]


@pytest.mark.parametrize("msg,argv", [(b[0], b[1:]) for b in BAD], ids=[b[0][:30] for b in BAD])
def test_bad_input_one_line(msg, argv):
    code, o, e = run_cli(*GEMM, *argv)
    assert_one_line(code, e, msg)


def test_compiled_operator(tmp_path):
    why = runpy.run_path(str(ROOT / K / "cpp_gemm.py"))["compiler_missing"]()
    if why: pytest.skip(f"no compiled operator: {why}")
    p = proc("python", ROOT / K / "cpp_gemm.py", timeout=600)
    assert p.returncode == 0, p.stderr[-2000:]
    so = p.stdout.strip().splitlines()[-1]
    code, o, e = run_cli(*GEMM, "--custom-kernel", f"{so}:cs_examples::matmul", "--output", str(tmp_path / "c.json"))
    assert code == 0 and json.loads((tmp_path / "c.json").read_text())["verdict"] == "PASS", e[-1000:]
    code, o, e = run_cli(*GEMM, "--custom-kernel", f"{so}:cs_examples::nope")
    assert_one_line(code, e, "no operator 'cs_examples::nope'")


def test_validate_kernel_notebook(tmp_path):
    """nbs/validate_kernel.ipynb headless: a correct kernel timed and graded (JSON that follows the published schema,
    HTML without code), a broken one FAIL and not timed; a Dispatcher reads both (the broken one goes to the library)."""
    from ceiling_scout.reports.bundle import bundle_problems
    from ceiling_scout.modes.dispatcher import Dispatcher, check_validation
    d = tmp_path / "nb"
    for name, extra in (("good", dict(targets="2,3")), ("broken", dict(candidate=f"{K}/broken_gemm.py:wrong_result"))):
        err = papermill("validate_kernel.ipynb", tmp_path / f"{name}.ipynb", output=str(d / name), warmup=1, iters=6,
                        edges=False, **extra)
        assert err is None, err
    for name, want in (("good", ("KEEP", "REVERT", "TOO_CLOSE_TO_CALL")), ("broken", ("FAIL",))):
        r = json.loads((d / f"{name}.json").read_text()); check_validation(r, name)
        assert r["verdict"] in want, (name, r["verdict"])
        assert not bundle_problems(d / f"{name}.json"), name
    assert json.loads((d / "broken.json").read_text()).get("custom") in (None, {}), "the broken kernel was timed"
    dsp = Dispatcher(d, device="cpu")   # nothing pinned: a KEEP of the good kernel is refused for that alone
    assert all("not pinned" in r for r in dsp.refused), dsp.refused
    assert dsp.explain("gemm", (64, 64, 64), "fp32")
