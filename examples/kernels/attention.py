"""Custom attention kernels by the calling convention of --operation attention: fn(q, k, v, causal).
`sdpa_tiled` is correct; `missing_scale` forgets the 1/sqrt(D) softmax scale, the kind of algorithm error behind the
attention status document's "max diff 4.45 against SDPA": it must read FAIL."""
import torch
import torch.nn.functional as F


def sdpa_tiled(q, k, v, causal):
    "Correct: SDPA on blocks of 64 queries (causal handled with an explicit mask per block)."
    outs, s_k = [], k.shape[-2]
    for i in range(0, q.shape[-2], 64):
        qb = q[..., i:i + 64, :]
        mask = None
        if causal:
            rows = torch.arange(i, i + qb.shape[-2], device=q.device)[:, None]
            mask = torch.arange(s_k, device=q.device)[None, :] <= rows
        outs.append(F.scaled_dot_product_attention(qb, k, v, attn_mask=mask))
    return torch.cat(outs, dim=-2)


def missing_scale(q, k, v, causal):
    "Wrong: softmax(q·kᵀ)·v without the 1/sqrt(D) scale."
    return F.scaled_dot_product_attention(q, k, v, is_causal=causal, scale=1.0)
