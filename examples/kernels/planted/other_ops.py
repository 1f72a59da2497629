"""Planted kernels for operations other than GEMM (their calling conventions: rmsnorm fn(x, weight), layernorm
fn(x, weight, bias), softmax fn(x), attention fn(q, k, v, causal), bias_gelu fn(x, bias), rope fn(q, k, cos, sin)
-> (q_embed, k_embed), elementwise --kind silu_mul fn(gate, up))."""
import torch
import torch.nn.functional as F


def rmsnorm_no_weight(x, weight):
    "RMSNorm that forgets the weight."
    xf = x.float()
    return (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6)).to(x.dtype)


def rmsnorm_zeros(x, weight):
    "Returns zeros."
    return torch.zeros_like(x)


def layernorm_pass_through(x, weight, bias):
    "Returns its input."
    return x


def softmax_constant(x):
    "Returns the uniform distribution 1/COLS (every row sums to one, the values are wrong)."
    return torch.full_like(x, 1.0 / x.shape[-1])


def attention_ignores_causal(q, k, v, causal):
    "Attention that ignores the causal flag."
    return F.scaled_dot_product_attention(q, k, v)


def bias_gelu_no_bias(x, bias):
    "GELU that forgets the bias."
    return F.gelu(x)


def attention_returns_v(q, k, v, causal):
    "Returns v (right shape when H_kv = H and S_k = S_q), no attention at all."
    return v


def softmax_bf16_exp(x):
    "Softmax with the exponentials taken in bfloat16 (a downgrade on a fp32 softmax)."
    e = torch.exp((x - x.amax(-1, keepdim=True)).to(torch.bfloat16)).to(x.dtype)
    return e / e.sum(-1, keepdim=True)


def rope_wrong_halves(q, k, cos, sin, position_ids=None, unsqueeze_dim=1):
    "RoPE that rotates interleaved pairs (GPT-J style) where the tables are rotate-half (GPT-NeoX / Llama)."
    c, s = cos.unsqueeze(unsqueeze_dim), sin.unsqueeze(unsqueeze_dim)

    def rotate(x):
        pairs = torch.stack((-x[..., 1::2], x[..., ::2]), -1).flatten(-2)
        return x * c + pairs * s
    return rotate(q), rotate(k)


def swiglu_gelu(gate, up):
    "SwiGLU with GELU where SiLU belongs (GeGLU under SwiGLU's name)."
    return F.gelu(gate) * up
