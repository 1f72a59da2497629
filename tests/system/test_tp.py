"""Tensor-parallel triage on CPU ranks (issue 23): `torchrun --nproc_per_node N -m ceiling_scout --model llama_block_tiny
--tp N` with gloo ranks, the ranked compute and communication rows, the report loaded back without torch; sequence
parallelism; 4 ranks; one-line refusals for a --tp that is not the world size or does not split the block. Tiny block
(hidden 256, 4 heads, FFN 688), --warmup 1 --iters 3, one ceiling cache for the whole file."""
import json, os, socket, subprocess, sys
import pytest
from support import ROOT, assert_one_line, run_cli

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
       "NVSHMEM_DISABLE_NVLS": "1"}   # NVLink multicast off everywhere


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]


def run_tp(n: int, *argv, timeout=240) -> subprocess.CompletedProcess:
    cmd = [sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", str(n), "--master_port", str(free_port()),
           "-m", "ceiling_scout", "--model", "llama_block_tiny", "--precision", "fp32", "--device", "cpu",
           "--warmup", "1", "--iters", "3", *map(str, argv)]
    return subprocess.run(cmd, capture_output=True, text=True, env=ENV, cwd=ROOT, timeout=timeout)


@pytest.fixture(scope="module")
def cache(tmp_path_factory):
    return tmp_path_factory.mktemp("tp_cache") / "ceilings.json"   # each rank measures its ceiling once per file


def load_fresh(path) -> dict:
    "The report read back in a fresh process that must not import torch; its dict."
    code = (f"import sys, json; from ceiling_scout.modes.parallel_model import load_tp; r = load_tp({str(path)!r}); "
            "assert 'torch' not in sys.modules; print(json.dumps(r.to_dict()))")
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, env=ENV, timeout=60)
    assert p.returncode == 0, p.stderr[-2000:]
    return json.loads(p.stdout)


def test_tp2_ranked_rows(tmp_path, cache):
    p = run_tp(2, "--tp", "2", "--cache", cache, "--output", tmp_path / "tp.json")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    assert "Tensor-parallel layer, TP=2" in p.stdout and p.stdout.count("Tensor-parallel layer") == 1   # rank 0 only
    d = load_fresh(tmp_path / "tp.json")
    assert d["schema_version"] == "ceiling_scout.tp/1" and d["tp"] == 2 and d["provenance"]["world_size"] == 2
    names = [r["name"] for r in d["rows"]]
    assert names == ["qkv", "attention", "o_proj", "o_proj.all_reduce", "gate_up", "down", "down.all_reduce"], names
    rows = {r["name"]: r for r in d["rows"]}
    assert rows["qkv"]["shape"] == [64, 3 * 2 * 64, 256] and rows["down"]["shape"] == [64, 256, 344]
    assert rows["attention"]["shape"] == [1, 2, 64, 64, 64]
    ar = rows["o_proj.all_reduce"]
    assert ar["size_bytes"] == 64 * 256 * 4 and ar["dtype"] == "float32" and ar["ms"] > 0 and len(ar["rank_ms"]) == 2
    assert all(r["ceiling_tflops"] and r["efficiency"] for r in d["rows"] if r["kind"] != "collective")
    assert abs(sum(r["share"] for r in d["rows"]) - 1) < 1e-9 and 0 < d["exposed_comm_share"] < 1
    assert [h["key"] for h in d["hiding"]] == ["overlap_next_gemm", "larger_micro_batch", "sequence_parallel"]
    assert "communication is" in p.stdout and "Overlap each collective" in p.stdout
    fits = (d["fabric"] or {}).get("by_collective") or {}   # each collective fitted on its own sizes (issue 35)
    missing = {"all_reduce", "reduce_scatter", "all_gather"} - set(fits)   # gloo's tiny sizes: a fit may have no slope
    assert all(f"no {c} model" in " ".join(d["warnings"]) for c in missing), (missing, d["warnings"])
    assert all(f["busbw_gbps"] > 0 and "fit of " + c in f["source"] for c, f in fits.items()), fits


def test_sequence_parallel(tmp_path, cache):
    p = run_tp(2, "--tp", "2", "--sequence-parallel", "--seq", "32", "--cache", cache, "--json")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    d = json.loads(p.stdout[p.stdout.index("{"):])
    assert d["sequence_parallel"] and d["config"]["seq"] == 32
    assert [r["collective"] for r in d["rows"] if r["kind"] == "collective"] == ["all_gather", "reduce_scatter"] * 2
    assert d["hiding"][2]["figures"]["on"] is True


def test_four_ranks(tmp_path, cache):
    p = run_tp(4, "--tp", "4", "--seq", "16", "--cache", cache, "--output", tmp_path / "tp4.json", timeout=400)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    d = json.loads((tmp_path / "tp4.json").read_text())
    rows = {r["name"]: r for r in d["rows"]}
    assert d["tp"] == 4 and len(rows["qkv"]["rank_ms"]) == 4 and rows["gate_up"]["shape"] == [16, 344, 256]


def test_refusals(tmp_path, monkeypatch):
    p = run_tp(2, "--tp", "3")
    assert p.returncode != 0 and "--tp 3 must equal the number of ranks (2)" in p.stderr, p.stderr[-2000:]
    p = run_tp(3, "--tp", "3")   # the world size, but 4 heads do not split over 3 ranks: refused before any work
    assert p.returncode != 0 and "--tp 3 does not divide heads=4; valid: 1, 2, 4" in p.stderr, p.stderr[-2000:]
    for k in ("RANK", "WORLD_SIZE"): monkeypatch.delenv(k, raising=False)
    code, out, err = run_cli("--model", "llama_block_tiny", "--tp", "2", "--device", "cpu")
    assert_one_line(code, err, "--tp 2 must equal the number of ranks (1)", "torchrun --nproc_per_node 2")
    code, out, err = run_cli("--tp", "1", "--device", "cpu")
    assert_one_line(code, err, "--tp needs --model")


HF_FACTORIES = '''
import torch, transformers as tr
def _make(kind, batch=None, seq=None, device="cpu", dtype=None, **kw):
    torch.manual_seed(0)
    cfg = getattr(tr, kind + "Config")(num_hidden_layers=2, hidden_size=128, intermediate_size=344, vocab_size=64,
                                       num_attention_heads=4, num_key_value_heads=2, **kw)
    m = getattr(tr, kind + "Model")(cfg).eval().to(device=device, dtype=dtype)
    return m, (torch.randint(0, 64, (batch or 1, seq or 16), device=device),)
def qwen2(**a): return _make("Qwen2", **a)                  # biased q/k/v projections
def gemma(**a): return _make("Gemma", head_dim=64, **a)     # 4 heads x 64 is not the hidden 128
def mixtral(**a): return _make("Mixtral", head_dim=32, num_local_experts=4, num_experts_per_tok=2, **a)
def llama_lm(**a):                                          # a causal LM: its lm_head stays whole
    torch.manual_seed(0)
    cfg = tr.LlamaConfig(num_hidden_layers=1, hidden_size=128, intermediate_size=344, vocab_size=64,
                         num_attention_heads=4, num_key_value_heads=4)
    return tr.LlamaForCausalLM(cfg).eval(), (torch.randint(0, 64, (1, a.get("seq") or 16)),)
'''


@pytest.mark.parametrize("model", ["examples/models/llama.py:make", "qwen2", "gemma", "llama_lm"])
def test_users_transformers_model_sharded(tmp_path, cache, model):
    """The users' own transformers model (issue 35): its weights sharded over 2 ranks, checked, then timed; again with
    each all-reduce chunked and overlapped with the rest of its GEMM (checked, timed, beside the rows' prediction)."""
    (tmp_path / "hf.py").write_text(HF_FACTORIES)
    spec = model if ":" in model else f"{tmp_path}/hf.py:{model}"
    p = run_tp(2, "--model", spec, "--tp", "2", "--cache", cache, "--output", tmp_path / "tp.json")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    mc = load_fresh(tmp_path / "tp.json")["model_check"]
    assert mc["correct"] and mc["rel_error"] < mc["tolerance"] == 1e-4 and mc["tp"] == 2, mc
    assert mc["sharded_ms"] > 0 and mc["unsharded_ms"] > 0 and len(mc["rank_ms"]) == 2
    assert mc["overlapped_ms"] > 0 and mc["overlapped_rel_error"] < 1e-4 and 0 <= mc["overlap_predicted_share"] < 1
    assert mc["replicated"] == (["lm_head"] if model == "llama_lm" else []), mc["replicated"]
    assert "The model itself" in p.stdout and p.stdout.count("The model itself") == 1   # rank 0 only


def test_users_mixtral_expert_parallel(tmp_path, cache):
    """Mixtral's experts split over 2 ranks (issue 35): each rank's tokens routed to their experts' ranks and back
    (all-to-all), checked against the unsharded model, timed; the rows price the two all-to-alls and the gather. In
    bf16 the check runs in fp32 (routing is discrete: on two H200s a bf16 check read 0.077 off), the timing in bf16."""
    (tmp_path / "hf.py").write_text(HF_FACTORIES)
    p = run_tp(2, "--model", f"{tmp_path}/hf.py:mixtral", "--tp", "2", "--cache", cache, "--output", tmp_path / "tp.json",
               "--precision", "bf16")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    d = load_fresh(tmp_path / "tp.json"); mc = d["model_check"]
    assert {r["name"] for r in d["rows"]} >= {"gate_up.all_to_all", "down.all_to_all", "down.all_gather"}, d["rows"]
    assert (d["config"]["experts"], d["config"]["top_k"]) == (4, 2)
    assert mc["correct"] and mc["rel_error"] < mc["tolerance"] and mc["replicated"] == [
        "layers.0.mlp.gate", "layers.1.mlp.gate"], mc
    assert mc["checked_in"] == "fp32" and mc["tolerance"] == 1e-4 and "checked in fp32: routing is discrete" in p.stdout
    assert len(mc["routed_bytes"]) == 2 and sum(sum(r) for r in mc["routed_bytes"]) == 2 * 16 * 2 * 128 * 2, mc   # bf16
    assert mc["routed_all_to_all_ms"] > 0 and "Its experts split over the ranks, 2 of 4 on each" in p.stdout
    assert "Mixtral-style block" in p.stdout and p.stdout.count("The model itself") == 1


RECORDING = '''
import os, torch, transformers as tr
def make(batch=None, seq=None, device="cpu", dtype=None):
    "Records each call (process, device); a second call in a process builds a wider model (another device's size)."
    with open(CALLS, "a") as f: f.write(f"{os.getpid()} {device}\\n")
    h = 64 * sum(1 for line in open(CALLS) if line.split()[0] == str(os.getpid()))
    torch.manual_seed(0)
    cfg = tr.LlamaConfig(num_hidden_layers=1, hidden_size=h, intermediate_size=2 * h, vocab_size=64,
                         num_attention_heads=4, num_key_value_heads=4)
    ids = torch.randint(0, 64, (1, seq or 16), device=device)
    return tr.LlamaModel(cfg).eval().to(device=device, dtype=dtype), (ids,)
'''


def test_factory_called_once_per_rank(tmp_path, cache):
    """The triage's block is read from the very model the sharded check runs, built once per rank on its device (the
    factory was called on the CPU for the block, then again on the rank's device, at another size there)."""
    calls = tmp_path / "calls.txt"
    (tmp_path / "rec.py").write_text(f"CALLS = {str(calls)!r}\n" + RECORDING)
    p = run_tp(2, "--model", f"{tmp_path}/rec.py:make", "--tp", "2", "--cache", cache, "--output", tmp_path / "tp.json")
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    rows = [line.split() for line in calls.read_text().splitlines()]
    assert len(rows) == 2 and len({pid for pid, _ in rows}) == 2 and {d for _, d in rows} == {"cpu"}, rows
    d = load_fresh(tmp_path / "tp.json")
    assert (d["config"]["hidden"], d["config"]["intermediate"], d["config"]["seq"]) == (64, 128, 16), d["config"]
    assert d["model_check"]["correct"], d["model_check"]


BAD_FACTORIES = '''
import torch, torch.nn as nn, transformers as tr
def llama(device="cpu", dtype=None, **kw):
    torch.manual_seed(0)
    cfg = tr.LlamaConfig(num_hidden_layers=1, hidden_size=32, intermediate_size=64, vocab_size=128,
                         num_attention_heads=4, num_key_value_heads=4)
    return tr.LlamaModel(cfg).eval().to(device=device, dtype=dtype)
def function(**kw): return (lambda x: x), (torch.randn(2, 8),)
def empty(**kw): return llama(**kw), ()
def ids_1d(**kw): return llama(**kw), (torch.randint(0, 128, (8,)),)
def floats(**kw): return llama(**kw), (torch.randn(1, 8, 32),)
def out_of_range(**kw): return llama(**kw), (torch.full((1, 8), 10**6),)
class Attn(nn.Module):   # q/k/v/o, but no config, head_dim or head count
    def __init__(s):
        super().__init__(); s.q_proj, s.k_proj, s.v_proj, s.o_proj = (nn.Linear(32, 32) for _ in range(4))
class Mlp(nn.Module):
    def __init__(s):
        super().__init__(); s.gate_proj, s.up_proj, s.down_proj = nn.Linear(32, 64), nn.Linear(32, 64), nn.Linear(64, 32)
class Layer(nn.Module):
    def __init__(s): super().__init__(); s.self_attn, s.mlp = Attn(), Mlp()
def no_config(**kw): return nn.Sequential(Layer()), (torch.randint(0, 64, (1, 8)),)
'''


@pytest.mark.parametrize("fn, want", [
    ("function", "the factory must return (an nn.Module, a tuple of inputs); got a function"),
    ("empty", "(batch, seq) of token ids; got tuple ()"),
    ("ids_1d", "(batch, seq) of token ids; got a tensor of shape (8,)"),
    ("floats", "(batch, seq) of token ids; got a tensor of shape (1, 8, 32)"),
    ("out_of_range", "out_of_range: LlamaModel raised IndexError on its own inputs: index out of range in self"),
    ("no_config", "0.self_attn needs head_dim, num_heads or config.num_attention_heads dividing q_proj's 32")])
def test_bad_factory_one_line(tmp_path, monkeypatch, fn, want):
    "A factory's wrong return, inputs that are not token ids, an error of the model's own: one line, exit 2."
    for k in ("RANK", "WORLD_SIZE"): monkeypatch.delenv(k, raising=False)
    (tmp_path / "bad.py").write_text(BAD_FACTORIES)
    code, out, err = run_cli("--tp", "1", "--model", f"{tmp_path}/bad.py:{fn}", "--device", "cpu", "--precision",
                             "fp32", "--warmup", "1", "--iters", "3", "--quiet")
    assert_one_line(code, err, want)


def test_hf_moe_config_refused(tmp_path, monkeypatch):
    "A MoE config.json whose experts are not Mixtral's (Qwen2-MoE's) is refused, not triaged as a dense block."
    for k in ("RANK", "WORLD_SIZE"): monkeypatch.delenv(k, raising=False)
    cfg = {"model_type": "qwen2_moe", "hidden_size": 64, "num_attention_heads": 4, "num_key_value_heads": 4,
           "intermediate_size": 128, "num_experts": 60, "num_experts_per_tok": 4, "num_hidden_layers": 2,
           "vocab_size": 128}
    (tmp_path / "moe.json").write_text(json.dumps(cfg))
    code, out, err = run_cli("--tp", "1", "--model", f"hf:{tmp_path}/moe.json", "--device", "cpu", "--precision",
                             "fp32", "--warmup", "1", "--iters", "3", "--quiet")
    assert_one_line(code, err, "num_experts=60 (experts)", "not Mixtral's")
