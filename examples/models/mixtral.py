"""Mixtral (mixture of experts) from `transformers`, built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/mixtral.py:make --precision fp32 --device cpu     # CPU size (scale 16)
    ceiling-scout --model examples/models/mixtral.py:make --precision bf16 --device cuda    # 2 layers of 8x7B, 1 x 2048
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "Two Mixtral-8x7B layers (8 experts, top-2; widths / `scale`, default 16 on the CPU) and token ids."
    from transformers import MixtralConfig, MixtralModel
    cpu = torch.device(device).type == "cpu"
    scale = scale or (16 if cpu else 1)
    batch, seq = batch or 1, seq or (64 if cpu else 2048)
    torch.manual_seed(0)
    cfg = MixtralConfig(num_hidden_layers=2, hidden_size=4096 // scale, intermediate_size=14336 // scale,
                        num_attention_heads=32 // scale, num_key_value_heads=max(1, 8 // scale),
                        head_dim=128, num_local_experts=8, num_experts_per_tok=2, vocab_size=32000,
                        max_position_embeddings=max(seq, 4096), attn_implementation="sdpa")
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = MixtralModel(cfg)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randint(0, cfg.vocab_size, (batch, seq), device=device),)
