"""Honest kernels that are unusual but correct (issue 34, item 7): a column-major GEMM output, an `out=`-style GEMM,
a GEMM that refuses edge shapes with its own error, K halves on two threads joined before return, a float64
accumulator, a column-major RMSNorm, a softmax written through `out=`, LayerNorm rows over a thread pool, attention in
query blocks. Calling conventions: gemm fn(a, b), rmsnorm fn(x, weight), layernorm fn(x, weight, bias), softmax
fn(x), attention fn(q, k, v, causal)."""
from concurrent.futures import ThreadPoolExecutor
import math
import torch


def column_major(a, b):
    "(bᵀ aᵀ)ᵀ returned as it comes: the right values in a column-major (transposed-stride) output."
    return (b.t() @ a.t()).t()


def gemm_out(a, b, out=None):
    "An `out=`-style GEMM: writes into `out` when given, else into a fresh buffer of its own, with addmm(beta=0)."
    if out is None: out = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    return torch.addmm(out, a, b, beta=0, out=out)


def refuses_edge_shapes(a, b):
    "a @ b in fp32 for dimensions that are multiples of 8; any other shape is refused with its own ValueError."
    (m, k), n = a.shape, b.shape[1]
    if m % 8 or n % 8 or k % 8: raise ValueError(f"this kernel needs M, N, K multiples of 8; got {m}, {n}, {k}")
    return (a.float() @ b.float()).to(a.dtype)


_pool = ThreadPoolExecutor(max_workers=2)


def k_halves_threads(a, b):
    "The two halves of K multiplied on two pool threads (fp32), joined before return, added."
    h = a.shape[1] // 2
    if h == 0: return (a.float() @ b.float()).to(a.dtype)
    parts = [_pool.submit(lambda x, y: x.float() @ y.float(), a[:, s], b[s]) for s in (slice(0, h), slice(h, None))]
    return (parts[0].result() + parts[1].result()).to(a.dtype)


def float64_accumulate(a, b):
    "The GEMM in float64, rounded once to the inputs' dtype (more exact than the library)."
    return (a.double() @ b.double()).to(a.dtype)


def rmsnorm_column_major(x, weight):
    "RMSNorm (eps 1e-6) in fp32, returned in a column-major layout (right values, transposed strides)."
    xf = x.float()
    y = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * weight.float()).to(x.dtype)
    return y.t().contiguous().t() if y.dim() == 2 else y


def softmax_out(x):
    "Softmax written through `out=`: exp into a fresh buffer, divided in place by each row's sum (fp32)."
    xf = x.float()
    buf = torch.empty_like(xf)
    torch.exp(xf - xf.amax(-1, keepdim=True), out=buf)
    buf.div_(buf.sum(-1, keepdim=True))
    return buf.to(x.dtype)


def layernorm_threads(x, weight, bias):
    "LayerNorm (eps 1e-5) in fp32, rows split over two pool threads writing one output, joined before return."
    out = torch.empty_like(x)
    rows = x.reshape(-1, x.shape[-1]); dst = out.view(-1, x.shape[-1])

    def part(s):
        xf = rows[s].float()
        mu = xf.mean(-1, keepdim=True)
        var = (xf - mu).pow(2).mean(-1, keepdim=True)
        dst[s] = ((xf - mu) * torch.rsqrt(var + 1e-5) * weight.float() + bias.float()).to(x.dtype)
    h = max(1, rows.shape[0] // 2)
    for f in [_pool.submit(part, s) for s in (slice(0, h), slice(h, None))]: f.result()
    return out


def attention_query_blocks(q, k, v, causal):
    "Attention in blocks of 16 queries: softmax(q kᵀ/√D + top-left causal mask) v per block, fp32, one output."
    B, H, S, D = q.shape
    Hk = k.shape[1]
    if Hk != H: k, v = k.repeat_interleave(H // Hk, 1), v.repeat_interleave(H // Hk, 1)
    out = torch.empty(B, H, S, v.shape[-1], dtype=torch.float32, device=q.device)
    kf, vf, Sk = k.float(), v.float(), k.shape[2]
    for i in range(0, S, 16):
        s = q[:, :, i:i + 16].float() @ kf.transpose(-1, -2) / math.sqrt(D)
        if causal:
            rows = torch.arange(i, min(i + 16, S), device=q.device)[:, None]   # top-left: query i sees keys 0..i
            s = s.masked_fill(torch.arange(Sk, device=q.device)[None, :] > rows, float("-inf"))
        out[:, :, i:i + 16] = torch.softmax(s, -1) @ vf
    return out.to(q.dtype)
