"""BERT (bert-base) from `transformers`, built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/bert.py:make --precision fp32 --device cpu     # CPU size
    ceiling-scout --model examples/models/bert.py:make --precision bf16 --device cuda    # full size
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "BERT-base (12 layers, 768 wide; on the CPU 2 layers, widths and heads / `scale`, default 4) and token ids."
    from transformers import BertConfig, BertModel
    cpu = torch.device(device).type == "cpu"
    scale = scale or (4 if cpu else 1)
    batch, seq = batch or (1 if cpu else 8), seq or (64 if cpu else 512)
    torch.manual_seed(0)
    cfg = BertConfig(num_hidden_layers=2 if cpu else 12, hidden_size=768 // scale, intermediate_size=3072 // scale,
                     num_attention_heads=12 // scale, max_position_embeddings=max(seq, 512), attn_implementation="sdpa")
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = BertModel(cfg, add_pooling_layer=False)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randint(0, cfg.vocab_size, (batch, seq), device=device),)
