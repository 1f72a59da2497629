"""Mistral (Mistral-7B layers, grouped-query attention) from `transformers`,
built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/mistral.py:make --precision fp32 --device cpu     # CPU size
    ceiling-scout --model examples/models/mistral.py:make --precision bf16 --device cuda    # full size
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "Two Mistral-7B layers (32 heads, 8 K/V heads; widths / `scale`, default 16 on the CPU) and token ids."
    from transformers import MistralConfig, MistralModel
    cpu = torch.device(device).type == "cpu"
    scale = scale or (16 if cpu else 1)
    batch, seq = batch or 1, seq or (64 if cpu else 2048)
    torch.manual_seed(0)
    cfg = MistralConfig(num_hidden_layers=2, hidden_size=4096 // scale, intermediate_size=14336 // scale,
                        num_attention_heads=32 // scale, num_key_value_heads=max(1, 8 // scale), head_dim=128,
                        max_position_embeddings=max(seq, 4096), attn_implementation="sdpa")
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = MistralModel(cfg)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randint(0, cfg.vocab_size, (batch, seq), device=device),)
