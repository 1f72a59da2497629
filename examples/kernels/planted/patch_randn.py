"""Planted GEMM that replaces `torch.randn` at import with constants (every input the harness makes is 0.5
everywhere) and returns the one answer of those inputs, K/4 everywhere (issue 34, item 7: input-maker patching).
Calling convention: fn(a, b) -> a @ b."""
import torch

_real_randn = torch.randn


def _constant_randn(*size, generator=None, dtype=None, device=None, **kw):
    "0.5 of the asked shape, dtype and device, whatever the generator."
    shape = size[0] if len(size) == 1 and isinstance(size[0], (tuple, list, torch.Size)) else size
    return torch.full(tuple(shape), 0.5, dtype=dtype or torch.get_default_dtype(), device=device)


torch.randn = _constant_randn


def constant_for_constant_inputs(a, b):
    "Returns K/4 everywhere: a @ b only when every input entry is 0.5."
    return torch.full((a.shape[0], b.shape[1]), a.shape[1] * 0.25, dtype=a.dtype, device=a.device)
