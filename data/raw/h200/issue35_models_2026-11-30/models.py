"""Factories for call J (outside the package): two decoder layers of Qwen2-7B and Gemma-7B at full width, built from
transformers' own configs with random weights (nothing downloaded), as a user's `--model file.py:fn` would."""
import torch, transformers as tr


def _make(kind: str, batch=None, seq=None, device="cpu", dtype=None, **cfg):
    torch.manual_seed(0)
    c = getattr(tr, kind + "Config")(num_hidden_layers=2, max_position_embeddings=8192, attn_implementation="sdpa", **cfg)
    with torch.device(device):
        m = getattr(tr, kind + "Model")(c)
    m = m.eval().to(device=device, dtype=dtype)
    return m, (torch.randint(0, c.vocab_size, (batch or 1, seq or 2048), device=device),)


def qwen2(**a):    # Qwen2-7B: biased q/k/v, 28 heads, 4 K/V heads
    return _make("Qwen2", hidden_size=3584, intermediate_size=18944, num_attention_heads=28, num_key_value_heads=4, **a)


def gemma(**a):    # Gemma-7B: 16 heads of 256 (4096 wide) over a hidden of 3072
    return _make("Gemma", hidden_size=3072, intermediate_size=24576, num_attention_heads=16, num_key_value_heads=16,
                 head_dim=256, **a)
