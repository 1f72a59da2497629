"""Honest attention in torch ops (CPU and GPU), by the calling convention fn(q, k, v, causal) on (B, H, S, D) with
H_kv dividing H: an explicit softmax(q·kᵀ/√D)·v and a FlashAttention-style online softmax over key blocks."""
import math
import torch


def _expand_kv(q, k, v):
    "k and v repeated to q's heads (grouped-query attention)."
    r = q.shape[1] // k.shape[1]
    return (k.repeat_interleave(r, 1), v.repeat_interleave(r, 1)) if r > 1 else (k, v)


def _mask(s_q, s_k, device):
    "The top-left causal mask: query i sees keys 0..i."
    return torch.arange(s_k, device=device)[None, :] <= torch.arange(s_q, device=device)[:, None]


def explicit(q, k, v, causal):
    "softmax(q·kᵀ/√D + mask)·v in fp32."
    k, v = _expand_kv(q, k, v)
    s = (q.float() @ k.float().transpose(-1, -2)) / math.sqrt(q.shape[-1])
    if causal: s = s.masked_fill(~_mask(q.shape[-2], k.shape[-2], q.device), float("-inf"))
    return (torch.softmax(s, -1) @ v.float()).to(q.dtype)


def online_softmax(q, k, v, causal, block: int=32):
    "Online softmax over blocks of 32 keys (running max and sum), as FlashAttention does, in fp32."
    k, v = _expand_kv(q, k, v)
    qf, scale = q.float(), 1 / math.sqrt(q.shape[-1])
    m = torch.full(q.shape[:-1] + (1,), float("-inf"), device=q.device)
    l = torch.zeros_like(m); acc = torch.zeros(q.shape[:-1] + (v.shape[-1],), device=q.device)
    mask = _mask(q.shape[-2], k.shape[-2], q.device) if causal else None
    for j in range(0, k.shape[-2], block):
        s = (qf @ k[..., j:j + block, :].float().transpose(-1, -2)) * scale
        if mask is not None: s = s.masked_fill(~mask[:, j:j + block], float("-inf"))
        m_new = torch.maximum(m, s.amax(-1, keepdim=True))
        safe = torch.where(torch.isinf(m_new), torch.zeros_like(m_new), m_new)
        p = torch.exp(s - safe); alpha = torch.exp(m - safe)
        l = l * alpha + p.sum(-1, keepdim=True)
        acc = acc * alpha + p @ v[..., j:j + block, :].float(); m = m_new
    return (acc / l).to(q.dtype)
