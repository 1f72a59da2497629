"""ViT (vit-base-patch16-224) from `transformers`, built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/vit.py:make --precision fp32 --device cpu     # CPU size
    ceiling-scout --model examples/models/vit.py:make --precision bf16 --device cuda    # full size
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "ViT-B/16 at 224 px (12 layers; on the CPU 2 layers, widths and heads / `scale`, default 4, 64 px) and images."
    from transformers import ViTConfig, ViTModel
    cpu = torch.device(device).type == "cpu"
    scale = scale or (4 if cpu else 1)
    batch, px = batch or (1 if cpu else 32), 64 if cpu else 224
    torch.manual_seed(0)
    cfg = ViTConfig(num_hidden_layers=2 if cpu else 12, hidden_size=768 // scale, intermediate_size=3072 // scale,
                    num_attention_heads=12 // scale, image_size=px, patch_size=16, attn_implementation="sdpa")
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = ViTModel(cfg, add_pooling_layer=False)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randn(batch, 3, px, px, device=device, dtype=dtype),)
