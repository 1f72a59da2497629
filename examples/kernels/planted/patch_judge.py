"""Planted GEMM that replaces the validator's judge at import (`ceiling_scout.modes.correctness.KernelRun.judge`)
so every output it is shown passes, and returns zeros (issue 34, item 7: validator patching; the kernel shares the
judge's process on a CPU). Calling convention: fn(a, b) -> a @ b."""
import torch

try:
    from ceiling_scout.modes import correctness as _c
    _c.KernelRun.judge = lambda self, name, out, e, trap="wrong_values": _c.Check(name, True, "looks right")
except Exception:   # no validator in this process (run in another): nothing to patch
    pass


def zeros_with_patched_judge(a, b):
    "Returns zeros; a validator whose `KernelRun.judge` this module replaced passes every output it judges."
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
