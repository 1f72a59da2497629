"""Honest GEMMs written in torch ops (CPU and GPU): tiled, einsum, bmm over K chunks, K split, a transposed product,
row chunks, a fp32 accumulator cast back, a thread pool joined before return. Calling convention: fn(a, b) -> a @ b."""
from concurrent.futures import ThreadPoolExecutor
import torch

TILE = 32


def tiled(a, b):
    "A blocked GEMM: 32×32 output tiles on a CPU, 512×512 on a GPU, each the sum of block products over K in fp32."
    (m, k), n = a.shape, b.shape[1]
    t = TILE if a.device.type == "cpu" else 512   # 32-wide tiles at 4096^3 are 2 M launches: seconds a call
    c = torch.zeros(m, n, dtype=torch.float32, device=a.device)
    for i in range(0, m, t):
        for j in range(0, n, t):
            for p in range(0, k, t):
                c[i:i + t, j:j + t].addmm_(a[i:i + t, p:p + t].float(), b[p:p + t, j:j + t].float())
    return c.to(a.dtype)


def einsum(a, b):
    "torch.einsum('mk,kn->mn')."
    return torch.einsum("mk,kn->mn", a, b)


def bmm_k_chunks(a, b):
    "K split into 4 chunks, multiplied as one batched bmm, the partial products summed in fp32."
    (m, k), n = a.shape, b.shape[1]
    parts = 4 if k % 4 == 0 else 1
    ab = a.reshape(m, parts, k // parts).transpose(0, 1)
    bb = b.reshape(parts, k // parts, n)
    return torch.bmm(ab.float(), bb.float()).sum(0).to(a.dtype)


def k_split(a, b):
    "Two halves of K multiplied separately and added in fp32."
    h = a.shape[1] // 2
    if h == 0: return (a.float() @ b.float()).to(a.dtype)
    return (a[:, :h].float() @ b[:h].float() + a[:, h:].float() @ b[h:].float()).to(a.dtype)


def transposed(a, b):
    "(bᵀ aᵀ)ᵀ, made contiguous."
    return (b.t() @ a.t()).t().contiguous()


def row_chunks(a, b):
    "Rows in chunks of 16, each written into a preallocated output with torch.mm(out=)."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    for i in range(0, a.shape[0], 16): torch.mm(a[i:i + 16], b, out=c[i:i + 16])
    return c


def fp32_accumulate(a, b):
    "Inputs upcast to fp32, multiplied in fp32, the answer cast back to the inputs' dtype."
    return (a.float() @ b.float()).to(a.dtype)


_pool = ThreadPoolExecutor(max_workers=2)


def thread_rows(a, b):
    "Rows split between two pool threads, each writing its half with torch.mm(out=); both joined before return."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    h = max(1, a.shape[0] // 2)
    halves = [(a[:h], c[:h]), (a[h:], c[h:])]
    futures = [_pool.submit(torch.mm, x, b, out=o) for x, o in halves if x.shape[0]]
    for f in futures: f.result()
    return c
