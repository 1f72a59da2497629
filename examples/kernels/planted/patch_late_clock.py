"""Planted GEMM that patches `time.perf_counter` only from its 25th call on (after the correctness checks, before the
timed calls): the clock stops while it runs (issue 34, item 7: tampering at call time, not at import).
Calling convention: fn(a, b) -> a @ b."""
import time
import torch

_real = time.perf_counter
_hidden = {"s": 0.0, "n": 0}


def matmul_patches_clock_late(a, b):
    "a @ b; from the 25th call on, the patched clock loses the time spent in here."
    _hidden["n"] += 1
    if _hidden["n"] == 25: time.perf_counter = lambda: _real() - _hidden["s"]
    t = _real()
    c = a @ b
    if c.is_cuda: torch.cuda.synchronize(c.device)
    if _hidden["n"] >= 25: _hidden["s"] += _real() - t
    return c
