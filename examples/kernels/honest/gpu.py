"""Honest GPU kernels: a Triton GEMM written here, Liger's LayerNorm, RoPE and SwiGLU, and a GEMM split across two
CUDA streams that are joined before return. CUDA only (FlashAttention-3 and Liger's RMSNorm are
`examples/kernels/known.py`'s; the torch.compile variants are in compiled.py)."""
import torch

try:
    import triton
    import triton.language as tl
except ImportError:
    triton = None


if triton is not None:
    @triton.jit
    def _gemm_kernel(a, b, c, M, N, K, sam, sak, sbk, sbn, scm, scn,
                     BM: tl.constexpr, BN: tl.constexpr, BK: tl.constexpr, GROUP: tl.constexpr):
        pid = tl.program_id(0)
        npm, npn = tl.cdiv(M, BM), tl.cdiv(N, BN)
        group = pid // (GROUP * npn)
        first = group * GROUP
        size = min(npm - first, GROUP)
        pm = first + (pid % (GROUP * npn)) % size
        pn = (pid % (GROUP * npn)) // size
        rm, rn, rk = pm * BM + tl.arange(0, BM), pn * BN + tl.arange(0, BN), tl.arange(0, BK)
        acc = tl.zeros((BM, BN), dtype=tl.float32)
        for k0 in range(0, K, BK):
            ka = k0 + rk
            x = tl.load(a + rm[:, None] * sam + ka[None, :] * sak, mask=(rm[:, None] < M) & (ka[None, :] < K),
                        other=0.)
            y = tl.load(b + ka[:, None] * sbk + rn[None, :] * sbn, mask=(ka[:, None] < K) & (rn[None, :] < N),
                        other=0.)
            acc = tl.dot(x, y, acc)
        tl.store(c + rm[:, None] * scm + rn[None, :] * scn, acc.to(c.dtype.element_ty),
                 mask=(rm[:, None] < M) & (rn[None, :] < N))


def triton_gemm(a, b):
    "A tiled Triton GEMM (128×128×64 tiles, grouped launch order, fp32 accumulator, masked edges)."
    if triton is None: raise ImportError("triton is not installed")
    (m, k), n = a.shape, b.shape[1]
    c = torch.empty(m, n, dtype=a.dtype, device=a.device)
    bm, bn, bk = 128, 128, 64
    grid = (triton.cdiv(m, bm) * triton.cdiv(n, bn),)
    _gemm_kernel[grid](a, b, c, m, n, k, a.stride(0), a.stride(1), b.stride(0), b.stride(1), c.stride(0),
                       c.stride(1), BM=bm, BN=bn, BK=bk, GROUP=8, num_warps=8, num_stages=3)
    return c


def liger_layernorm(x, weight, bias):
    "Liger's Triton LayerNorm (eps 1e-5)."
    from liger_kernel.transformers.functional import liger_layer_norm
    return liger_layer_norm(x, weight, bias, 1e-5)


def liger_rope(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    "Liger's Triton RoPE on copies of q and k (it rotates in place), as apply_rotary_pos_emb returns new tensors."
    from ceiling_scout.engine.core import quiet_import
    rope, _ = quiet_import("liger_kernel.transformers.rope")   # Liger's "Backend impl ..." lines kept aside
    return rope.liger_rotary_pos_emb(q.clone(), k.clone(), cos, sin, position_ids, unsqueeze_dim)


def liger_swiglu(gate, up):
    "Liger's fused SwiGLU gate, silu(gate) * up (LigerSiLUMulFunction, out of place)."
    from ceiling_scout.engine.core import quiet_import
    swiglu, _ = quiet_import("liger_kernel.ops.swiglu")
    return swiglu.LigerSiLUMulFunction.apply(gate, up)


def two_streams(a, b):
    "Rows split across two CUDA streams; both wait for the caller's stream and the caller waits for both."
    cur = torch.cuda.current_stream(a.device)
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    h = max(1, a.shape[0] // 2)
    streams = [torch.cuda.Stream(device=a.device) for _ in range(2)]
    for s, (lo, hi) in zip(streams, ((0, h), (h, a.shape[0]))):
        s.wait_stream(cur)
        with torch.cuda.stream(s):
            if hi > lo: torch.mm(a[lo:hi], b, out=c[lo:hi])
    for s in streams: cur.wait_stream(s)
    c.record_stream(streams[0]); c.record_stream(streams[1])
    return c
