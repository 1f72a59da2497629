"""ViT-B/16 from `timm`, built with random weights (`pretrained=False`: nothing downloaded).

    ceiling-scout --model examples/models/timm_vit.py:make --precision bf16 --device cuda    # full size
    ceiling-scout --model examples/models/timm_vit.py:make --precision fp32 --device cpu     # CPU size

timm imports torchvision, so the same condition holds as for examples/models/resnet50.py.
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "timm's vit_base_patch16_224 (on the CPU vit_tiny_patch16_224 at 64 px, 2 blocks) and a batch of images."
    try: import timm
    except Exception as e:
        raise ImportError(f"timm does not import beside torch {torch.__version__}: {e}") from None
    cpu = torch.device(device).type == "cpu"
    batch = batch or (1 if cpu else 32)
    torch.manual_seed(0)
    if cpu: model = timm.create_model("vit_tiny_patch16_224", pretrained=False, img_size=64, depth=2)
    else: model = timm.create_model("vit_base_patch16_224", pretrained=False)
    px = 64 if cpu else 224
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randn(batch, 3, px, px, device=device, dtype=dtype),)
