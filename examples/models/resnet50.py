"""ResNet-50 from `torchvision`, built with random weights (nothing downloaded).

    ceiling-scout --model examples/models/resnet50.py:make_compiled --precision bf16 --device cuda   # torch.compile'd
    ceiling-scout --model examples/models/resnet50.py:make --precision bf16 --device cuda    # full size
    ceiling-scout --model examples/models/resnet50.py:make --precision fp32 --device cpu     # CPU size

torchvision must import beside the installed torch: PyPI's torchvision wheels are built against PyPI's CUDA torch, so
beside a CPU-only torch they fail at import ("operator torchvision::nms does not exist"); install the pair from one
source (`pip install torch torchvision`, or the CPU pair from download.pytorch.org).
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "ResNet-50 (torchvision, random weights) and a batch of 224 px images (on the CPU: batch 1, 64 px)."
    try: from torchvision.models import resnet50
    except Exception as e:   # a torchvision built for another torch fails at import, not only when missing
        raise ImportError(f"torchvision does not import beside torch {torch.__version__}: {e}") from None
    cpu = torch.device(device).type == "cpu"
    batch, px = batch or (1 if cpu else 32), 64 if cpu else 224
    torch.manual_seed(0)
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = resnet50(weights=None)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randn(batch, 3, px, px, device=device, dtype=dtype),)


def make_compiled(**kw):
    "The same model under `torch.compile` (default mode), triaged by the kernels its compiled step launches."
    model, inputs = make(**kw)
    return torch.compile(model), inputs
