"""RoPE and SwiGLU kernels as users bring them (issue 21 item 3, issue 22): through the CLI on the CPU, a torch-op RoPE
in Hugging Face's fn(q, k, cos, sin) -> (q_embed, k_embed) convention and a torch-op SwiGLU fn(gate, up) for
`elementwise --kind silu_mul` are not failed, and the planted ones (a RoPE rotating the wrong pairs, a SwiGLU with GELU)
FAIL naming `wrong_values`. Verdicts are read from the JSON reports."""
import json
import pytest
from support import assert_one_line, run_cli

K = "examples/kernels"
CPU = ("--device", "cpu", "--warmup", "1", "--iters", "5", "--quiet")
ROPE = ("--operation", "rope", "--shape", "2,64,4,32", "--precision", "fp32")
SWIGLU = ("--operation", "elementwise", "--kind", "silu_mul", "--shape", "64,256", "--precision", "fp32")


def report(tmp_path, argv, kernel) -> dict:
    "The CLI in this process with `--compare` on `kernel`: its validation report (exit 0, no traceback)."
    out = tmp_path / "v.json"
    code, o, e = run_cli(*argv, *CPU, "--custom-kernel", kernel, "--compare", "--output", str(out))
    assert code == 0 and "Traceback" not in o + e, (kernel, code, e[-1000:])
    return json.loads(out.read_text())


@pytest.mark.parametrize("argv,kernel", [(ROPE, f"{K}/honest/rowwise.py:rope_torch"),
                                         (SWIGLU, f"{K}/honest/rowwise.py:swiglu_torch")], ids=["rope", "swiglu"])
def test_honest_kernel_is_not_failed(tmp_path, argv, kernel):
    r = report(tmp_path, argv, kernel)
    failed = [c["name"] for c in r["checks"] if c.get("passed") is False]
    assert r["verdict"] != "FAIL" and not failed, (r["verdict"], failed)
    assert r["calling_convention"] and r["traps"] == [], r["traps"]


@pytest.mark.parametrize("argv,kernel", [(ROPE, f"{K}/planted/other_ops.py:rope_wrong_halves"),
                                         (SWIGLU, f"{K}/planted/other_ops.py:swiglu_gelu")], ids=["rope", "swiglu"])
def test_planted_kernel_fails_naming_wrong_values(tmp_path, argv, kernel):
    r = report(tmp_path, argv, kernel)
    assert r["verdict"] == "FAIL" and "wrong_values" in r["traps"], (r["verdict"], r["traps"])
    assert r.get("speedup") is None   # never timed


def test_rope_convention_is_listed():
    from ceiling_scout.modes.validation import calling_conventions
    rope = [c for c in calling_conventions() if c["operation"] == "rope"]
    assert len(rope) == 1 and rope[0]["convention"].startswith("fn(q, k, cos, sin) -> (q_embed, k_embed)"), rope


def test_rope_kernel_returning_one_tensor_fails(tmp_path):
    (tmp_path / "k.py").write_text('def one(q, k, cos, sin):\n    "Only q, rotated."\n'
                                   '    return q * cos.unsqueeze(1)\n')
    r = report(tmp_path, ROPE, f"{tmp_path}/k.py:one")
    assert r["verdict"] == "FAIL" and "raises" in r["traps"], (r["verdict"], r["traps"])


def test_rope_with_an_odd_head_dim_is_one_line():
    code, o, e = run_cli(*ROPE[:3], "2,64,4,31", *CPU, "--custom-kernel", f"{K}/honest/rowwise.py:rope_torch")
    assert_one_line(code, e, "D must be even")


@pytest.mark.parametrize("kind,fn,failed", [
    ("zeros", lambda q, k, c, s: (q.new_zeros(q.shape), k.new_zeros(k.shape)), None),
    ("pass-through", lambda q, k, c, s: (q, k), "output does not alias an input"),   # q_embed is x itself
    ("cos only", lambda q, k, c, s: (q * c.unsqueeze(1), k * c.unsqueeze(1)), None)])
def test_weak_rope_kernels_fail_in_the_convention(kind, fn, failed):
    from ceiling_scout.modes.validation import validate_spec
    v, _ = validate_spec("rope", "2,64,4,32", "fp32", fn, "cpu", compare=False, edges=False)
    assert v.verdict == "FAIL" and "wrong_values" in v.traps, (kind, v.verdict, v.traps)
    assert failed is None or any(c.name == failed and not c.passed for c in v.checks), (kind, v.checks)
