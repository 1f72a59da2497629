"""Broken custom GEMMs, one per trap a validation must catch (each must read FAIL and never be timed).
Calling convention: fn(a, b) -> a @ b."""
import time
import torch

_cache: dict = {}


def wrong_result(a, b):
    "Drops the last 8 terms of every dot product (a tail loop that was never written)."
    return a[:, :-8] @ b[:-8]


def constant_output(a, b):
    "Returns the same tensor whatever the inputs (a placeholder left in)."
    return torch.ones(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def stale_cache(a, b):
    "Caches the result by the inputs' addresses: right the first time, stale once the same buffers hold new data."
    key = (a.data_ptr(), b.data_ptr(), tuple(a.shape), tuple(b.shape))
    if key not in _cache: _cache[key] = a @ b
    return _cache[key]


def overwrites_input(a, b):
    "Right answer, but uses `a` as scratch space (scales it in place)."
    c = a @ b
    a.mul_(0.5)
    return c


def aliases_input(a, b):
    "Writes the answer into `b`'s memory and returns it (only possible for square b; the caller's b is destroyed)."
    c = a @ b
    return b.copy_(c) if b.shape == c.shape else c


def partial_write(a, b):
    "Allocates the output with torch.empty and forgets the last row: reads whatever the allocator left there."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    c[:-1] = a[:-1] @ b
    return c


def racy(a, b):
    "Two identical calls disagree (stands in for an unsynchronised reduction): noise added on every call."
    return a @ b + 1e-2 * torch.randn(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def raises(a, b):
    "Fails outright."
    raise RuntimeError("CUDA error: an illegal memory access was encountered")


def wrong_shape(a, b):
    "Returns the transpose."
    return (a @ b).t().contiguous()


def wrong_dtype(a, b):
    "Returns float64 for float32 inputs."
    return a.double() @ b.double()


def hangs(a, b):
    "Never returns (a deadlock)."
    while True: time.sleep(0.05)


_static: dict = {}


def static_output(a, b):
    "Right answer written into one buffer kept across calls (as CUDA-graph replay does): a held result changes."
    key = (a.shape[0], b.shape[1], a.dtype, a.device)
    if key not in _static: _static[key] = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    return torch.matmul(a, b, out=_static[key])
