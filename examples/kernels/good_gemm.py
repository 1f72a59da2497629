"""A correct custom GEMM: pads M, N and K up to a multiple of 16 (zeros in the padding), multiplies, slices the answer.
Calling convention of --operation gemm: fn(a, b) -> a @ b. Expected verdict: correct (KEEP, REVERT or TOO_CLOSE_TO_CALL
by speed: on a CPU it usually costs a copy, so it is rarely faster)."""
import torch
import torch.nn.functional as F


def matmul(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    "a @ b computed on a zero-padded, 16-aligned shape."
    (m, k), n = a.shape, b.shape[1]
    up = lambda v: -(-v // 16) * 16
    ap = F.pad(a, (0, up(k) - k, 0, up(m) - m))
    bp = F.pad(b, (0, up(n) - n, 0, up(k) - k))
    return (ap @ bp)[:m, :n]
