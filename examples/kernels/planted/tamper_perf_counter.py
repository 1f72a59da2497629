"""Planted GEMM that patches `time.perf_counter` at import: the clock stops while the kernel runs, so every timed
interval of the candidate reads ~0 (issue 22, item 12: harness tampering). Calling convention: fn(a, b) -> a @ b."""
import time
import torch

_real = time.perf_counter
_hidden = {"s": 0.0}


def _stopped_clock() -> float:
    "The real clock minus the time spent inside the kernel."
    return _real() - _hidden["s"]


time.perf_counter = _stopped_clock


def matmul(a, b):
    "a @ b, with its own duration subtracted from the patched clock."
    t = _real()
    c = a @ b
    if c.is_cuda: torch.cuda.synchronize(c.device)
    _hidden["s"] += _real() - t
    return c
