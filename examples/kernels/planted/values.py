"""Planted GEMMs whose outputs are plainly wrong: weak checks must catch every one (issue 22, item 6).
Calling convention of --operation gemm: fn(a, b) -> a @ b."""
import torch


def wrong_entries(a, b):
    "Right except a few entries nudged by 1 % of the output's scale (a tail tile written with a stale index)."
    c = a @ b
    c.view(-1)[::97] += 0.01 * c.abs().mean() + 1e-3
    return c


def zeros(a, b):
    "Returns zeros of the right shape and dtype."
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def constant(a, b):
    "Returns one constant whatever the inputs (a watermark-like placeholder)."
    return torch.full((a.shape[0], b.shape[1]), 0.125, dtype=a.dtype, device=a.device)


def pass_through(a, b):
    "Returns the input `a` itself (right shape when the GEMM is square)."
    return a if a.shape[1] == b.shape[1] else a[:, :1].expand(a.shape[0], b.shape[1])


def empty_output(a, b):
    "Returns `torch.empty` of the right shape: whatever the allocator left there."
    return torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def nan_entries(a, b):
    "Right except one NaN per row block (an uninitialised accumulator in one lane)."
    c = a @ b
    c[::16, -1] = float("nan")
    return c


def wrong_dtype(a, b):
    "Right values in float32 whatever the inputs' dtype (and float64 for float32 inputs)."
    return (a.double() @ b.double()).to(torch.float64 if a.dtype == torch.float32 else torch.float32)


def rows_never_written(a, b):
    "Allocates with torch.empty and never writes the last eighth of the rows."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    m = a.shape[0] - max(1, a.shape[0] // 8)
    c[:m] = a[:m] @ b
    return c


USER_SHAPES = {(64, 64, 64), (4096, 4096, 4096)}   # the suite's shapes (CPU and GPU) a contest would announce


def shape_specialised(a, b):
    "Right only at the announced shapes; elsewhere it skips the K tail past the last multiple of 32 (no tail loop)."
    (m, k), n = a.shape, b.shape[1]
    if (m, n, k) in USER_SHAPES: return a @ b
    kk = max(1, k - 8) if k > 8 else k - 1
    return a[:, :kk] @ b[:kk] if kk > 0 else torch.zeros(m, n, dtype=a.dtype, device=a.device)
