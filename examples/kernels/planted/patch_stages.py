"""Planted GEMM that empties the validator's list of check stages at import (`ceiling_scout.modes.validation.
CHECK_STAGES`): nothing is checked, only timed; it returns zeros (issue 34, item 7: validator patching).
Calling convention: fn(a, b) -> a @ b."""
import torch

try:
    from ceiling_scout.modes import validation as _v
    _v.CHECK_STAGES = ()
except Exception:
    pass


def zeros_with_no_checks(a, b):
    "Returns zeros; the validator this module patched runs no check stage on it."
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
