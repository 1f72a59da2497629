"""Planted GEMMs that lose precision to go faster: inputs rounded through fp8 or bf16, TF32 switched on, a bf16
accumulator. Right to a loose eye; the error is several times the library's own (issue 22, item 11)."""
import torch


def fp8_inputs(a, b):
    "Rounds both inputs through float8_e4m3fn (per-tensor scale), multiplies in the input dtype."
    def q(x):
        s = x.abs().amax().clamp(min=1e-12) / 448.0
        return (x / s).to(torch.float8_e4m3fn).to(x.dtype) * s
    return q(a) @ q(b)


def bf16_inputs(a, b):
    "Rounds both inputs through bfloat16 (a fp32 GEMM done in bf16), returns the input dtype."
    return (a.to(torch.bfloat16) @ b.to(torch.bfloat16)).to(a.dtype)


def tf32_in_disguise(a, b):
    "Switches TF32 on for its own call (10-bit mantissa inputs) on a fp32 GEMM, then restores the flag."
    old = torch.backends.cuda.matmul.allow_tf32
    torch.backends.cuda.matmul.allow_tf32 = True
    try: return a @ b
    finally: torch.backends.cuda.matmul.allow_tf32 = old


def low_precision_accumulate(a, b):
    "Sums K in chunks of 16 with the running sum rounded to bfloat16 after each chunk (a bf16 accumulator)."
    acc = torch.zeros(a.shape[0], b.shape[1], dtype=torch.bfloat16, device=a.device)
    for k in range(0, a.shape[1], 16):
        acc = (acc.float() + a[:, k:k + 16].float() @ b[k:k + 16].float()).to(torch.bfloat16)
    return acc.to(a.dtype)
