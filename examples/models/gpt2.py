"""GPT-2 from `transformers`, built from its config with random weights (nothing downloaded).

    ceiling-scout --model examples/models/gpt2.py:make --precision fp32 --device cpu     # CPU size (scale 4)
    ceiling-scout --model examples/models/gpt2.py:make_compiled --precision bf16 --device cuda   # torch.compile'd
    ceiling-scout --model examples/models/gpt2.py:make --precision bf16 --device cuda    # GPT-2 small, 4 x 1024
"""
import torch


def make(batch: int|None=None, seq: int|None=None, device: str="cpu", dtype: torch.dtype|None=None,
         scale: int|None=None):
    "GPT-2 small (12 layers, 768 wide) and token ids; on the CPU 2 layers, widths and heads / `scale` (4), 1 x 64."
    from transformers import GPT2Config, GPT2Model
    cpu = torch.device(device).type == "cpu"
    scale = scale or (4 if cpu else 1)
    batch, seq = batch or (1 if cpu else 4), seq or (64 if cpu else 1024)
    torch.manual_seed(0)
    cfg = GPT2Config(n_layer=2 if cpu else 12, n_embd=768 // scale, n_head=max(1, 12 // scale),
                     n_positions=max(seq, 1024), attn_implementation="sdpa")
    with torch.device(device):   # built where it runs: random init on a GPU, not on the CPU first
        model = GPT2Model(cfg)
    model = model.eval().to(device=device, dtype=dtype)
    return model, (torch.randint(0, cfg.vocab_size, (batch, seq), device=device),)


def make_compiled(**kw):
    "The same model under `torch.compile` (default mode), triaged by the kernels its compiled step launches."
    model, inputs = make(**kw)
    return torch.compile(model), inputs
