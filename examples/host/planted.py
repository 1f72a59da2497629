"""Functions for `ceiling-scout --profile` on the CPU (CI's host check): a planted allocation and sleep, and two that fail."""
import time
import torch


def planted(n: int = 16 * 2**20):
    "A fresh 16 MiB buffer filled every call, a 30 ms sleep, and a little compute."
    buf = torch.empty(n, dtype=torch.uint8)
    buf.fill_(1)
    time.sleep(0.03)
    a = torch.ones(64, 64)
    return (a @ a).sum() + buf[0]


def raises():
    "Fails the way user code does."
    return {}["missing key"]


def gpu_case(n: int = 4096, steps: int = 4):
    "The host-overhead document's loop on a GPU: pageable host operands copied in each step, a matmul, the result back."
    a, b = torch.randn(n, n, dtype=torch.float16), torch.randn(n, n, dtype=torch.float16)
    for _ in range(steps):
        da, db = a.to("cuda"), b.to("cuda")
        c = (da @ db).cpu()
    return c
