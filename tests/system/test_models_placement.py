"""Models as users hold them (issue 21, item 1): a factory with no arguments returning a CPU fp32 model and integer
token ids is placed by the tool on --device, cast to --precision (ids kept int64; --keep-dtype keeps the model's own),
measured there, and the report and header say so; what it cannot do is one line, exit 2, nothing written."""
from __future__ import annotations
import importlib.util, json, textwrap
from pathlib import Path
import pytest
from support import assert_one_line, run_cli

FAST = ("--device", "cpu", "--warmup", "1", "--iters", "3", "--no-fusion", "--quiet")

FACTORIES = textwrap.dedent('''
    import torch, torch.nn as nn

    def make():                      # as most users write it: no arguments, CPU, fp32, integer ids
        torch.manual_seed(0)
        return (nn.Sequential(nn.Embedding(1000, 64), nn.Linear(64, 64)).eval(),
                (torch.randint(0, 1000, (2, 16)),))

    class Nested(nn.Module):
        def __init__(self):
            super().__init__(); self.emb, self.lin = nn.Embedding(100, 32), nn.Linear(32, 32)
        def forward(self, batch):
            return self.lin(self.emb(batch["ids"]) * batch["extra"][0])

    def nested(batch=2):             # a subset of the keywords: batch only; inputs nested in a dict and a list
        return Nested().eval(), ({"ids": torch.randint(0, 100, (batch, 8)), "extra": [torch.ones(batch, 8, 1)]},)

    class Holder:
        def __init__(self): self.ids = torch.randint(0, 100, (2, 8))

    def unmovable():
        return Nested().eval(), (Holder(),)

    def gpt2():
        from transformers import GPT2Config, GPT2Model
        torch.manual_seed(0)
        m = GPT2Model(GPT2Config(n_layer=1, n_embd=64, n_head=2, vocab_size=100, n_positions=32)).eval()
        return m, (torch.randint(0, 100, (2, 16)),)
''')


@pytest.fixture(scope="module")
def factories(tmp_path_factory) -> Path:
    p = tmp_path_factory.mktemp("factories") / "f.py"
    p.write_text(FACTORIES)
    return p


def triaged(tmp_path: Path, spec: str, *flags: str) -> tuple[dict, str]:
    "(the --output JSON report, the text printed) of one CPU triage of `spec`."
    out = tmp_path / f"{spec.rpartition(':')[2]}.json"
    code, text, err = run_cli("--model", spec, *flags, *FAST, "--output", str(out))
    assert code == 0, err[-2000:]
    return json.loads(out.read_text()), text


def test_no_argument_factory_cast_to_bf16(factories, tmp_path):
    "The issue's case on the CPU: cast to bf16, ids kept int64, every operation measured in bf16, the header says so."
    rep, text = triaged(tmp_path, f"{factories}:make", "--precision", "bf16")
    pl = rep["method"]["placement"]
    assert (pl["device"], pl["dtype"], pl["from_dtypes"], pl["kept"]) == ("cpu", "bfloat16", ["float32"], ["int64"])
    assert (pl["parameters"], pl["parameters_cast"], pl["inputs"], pl["inputs_cast"]) == (3, 3, 1, 0)
    assert rep["method"]["device"] == "cpu"
    precisions = {it["precision"] for it in rep["items"]}
    assert precisions == {"bf16"}, f"operations measured in {precisions}, not bf16"
    assert any(it["operation"] == "gemm" for it in rep["items"]), rep["items"]
    assert ("Placement: model on cpu, cast float32 -> bfloat16 (3 parameters, 0 inputs; token ids kept int64); "
            "step, capture and every operation measured on cpu") in text, text


def test_json_report_says_the_same(factories):
    "--json on stdout carries the placement too."
    code, out, err = run_cli("--model", f"{factories}:make", "--precision", "bf16", "--json", *FAST)
    assert code == 0, err[-2000:]
    rep = json.loads(out)
    assert rep["method"]["placement"]["dtype"] == "bfloat16" and rep["method"]["placement"]["kept"] == ["int64"]
    assert {it["precision"] for it in rep["items"]} == {"bf16"}


def test_keep_dtype_keeps_fp32(factories, tmp_path):
    "--keep-dtype: the model's own fp32 is kept although --precision bf16 is asked; the header says so."
    rep, text = triaged(tmp_path, f"{factories}:make", "--precision", "bf16", "--keep-dtype")
    pl = rep["method"]["placement"]
    assert (pl["dtype"], pl["parameters_cast"]) == (None, 0)
    assert {it["precision"] for it in rep["items"]} == {"fp32"}
    assert "own dtype kept (float32; --keep-dtype)" in text, text


def test_nested_inputs_and_a_keyword_subset(factories, tmp_path):
    "A factory taking only `batch` gets it; a dict with a list inside is walked: the float cast, the ids kept."
    rep, _ = triaged(tmp_path, f"{factories}:nested", "--precision", "bf16", "--batch", "3")
    pl = rep["method"]["placement"]
    assert (pl["inputs"], pl["inputs_cast"], pl["kept"]) == (2, 1, ["int64"])
    gemm = next(it for it in rep["items"] if it["operation"] == "gemm")
    assert (gemm["precision"], gemm["shape"][0]) == ("bf16", 3 * 8), gemm


def test_what_it_cannot_do_is_one_line(factories, tmp_path):
    "An input object holding tensors, or a precision no model is cast to: one line, exit 2, no report written."
    out = tmp_path / "nothing.json"
    code, _, err = run_cli("--model", f"{factories}:unmovable", "--precision", "bf16", *FAST, "--output", str(out))
    assert_one_line(code, err, "inputs[0] is a Holder holding tensors, which the tool cannot move or cast")
    assert not out.exists()
    code, _, err = run_cli("--model", f"{factories}:make", "--precision", "fp8", *FAST, "--output", str(out))
    assert_one_line(code, err, "--precision fp8 is not a dtype a model is cast to", "--keep-dtype")
    assert not out.exists()


def test_too_large_for_the_device_is_one_line():
    "A model and inputs larger than the device's free memory: one line before anything is moved."
    import torch
    from ceiling_scout.engine.core import CeilingScoutError
    from ceiling_scout.modes.models import place_model
    m = torch.nn.Linear(256, 256)
    with pytest.raises(CeilingScoutError) as e:
        place_model(m, (torch.ones(2, 256),), "meta", torch.bfloat16, "--model 'f.py:make'", free_bytes=1000)
    msg = str(e.value)
    assert "\n" not in msg and msg.startswith("--model 'f.py:make': the model and its inputs need") and \
        "which has 0.00 GiB free; nothing was measured" in msg, msg
    assert m.weight.device.type == "cpu" and m.weight.dtype == torch.float32   # nothing half-done


@pytest.mark.skipif(importlib.util.find_spec("transformers") is None,
                    reason="transformers is not installed here (an optional extra); not pip-installed by the test")
def test_tiny_gpt2_from_transformers(factories, tmp_path):
    "A transformers GPT-2 (random weights, nothing downloaded) through --model: cast to bf16, ids kept."
    rep, text = triaged(tmp_path, f"{factories}:gpt2", "--precision", "bf16")
    pl = rep["method"]["placement"]
    assert (pl["dtype"], pl["kept"]) == ("bfloat16", ["int64"])
    assert {it["precision"] for it in rep["items"]} == {"bf16"} and "Placement: model on cpu" in text
