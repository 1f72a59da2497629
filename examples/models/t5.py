"""T5 (t5-base, encoder-decoder) from `transformers`, built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/t5.py:make --precision fp32 --device cpu     # CPU size
    ceiling-scout --model examples/models/t5.py:make --precision bf16 --device cuda    # full size
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "T5-base encoder and decoder (12 + 12 layers; on the CPU 2 + 2, widths and heads / `scale`, default 4), ids."
    from transformers import T5Config, T5Model
    cpu = torch.device(device).type == "cpu"
    scale = scale or (4 if cpu else 1)
    batch, seq = batch or (1 if cpu else 8), seq or (64 if cpu else 512)
    torch.manual_seed(0)
    cfg = T5Config(num_layers=2 if cpu else 12, d_model=768 // scale, d_ff=3072 // scale, d_kv=64,
                   num_heads=12 // scale)
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = T5Model(cfg)
    model = model.eval().to(device=device, dtype=dtype)
    ids = torch.randint(0, cfg.vocab_size, (batch, seq), device=device)
    mask = torch.ones_like(ids)                       # T5Model.forward(input_ids, attention_mask, decoder_input_ids)
    return model, (ids, mask, ids[:, : max(1, seq // 4)])
