"""Planted kernels whose outputs are partial, of the wrong kind, or not their own: rows left zero, only even rows
written, a meta tensor, a half-precision answer, an input's storage returned as a view, two output buffers used in
turn, a refusal of every shape but the announced one (issue 34, item 7). Calling conventions: gemm fn(a, b),
rmsnorm fn(x, weight), elementwise silu_mul fn(gate, up)."""
import torch
import torch.nn.functional as F


def last_quarter_zero(a, b):
    "Writes the first three quarters of the rows into a zeroed output; the last quarter stays zero."
    c = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    m = a.shape[0] - max(1, a.shape[0] // 4)
    c[:m] = a[:m] @ b
    return c


def even_rows_only(a, b):
    "Computes only the even rows (a stride-2 launch grid); odd rows are left as torch.empty gave them."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    c[::2] = a[::2] @ b
    return c


def meta_output(a, b):
    "Returns a tensor of the right shape and dtype on the 'meta' device (no data, no work)."
    return torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device="meta")


def half_output(a, b):
    "Right values, returned as float16 for a float32 GEMM."
    return (a @ b).half()


def rmsnorm_view_of_x(x, weight):
    "Writes RMSNorm into x's own storage and returns a view of it (x.view_as(x)): the caller's x is gone."
    xf = x.float()
    y = (xf * torch.rsqrt(xf.pow(2).mean(-1, keepdim=True) + 1e-6) * weight.float()).to(x.dtype)
    x.copy_(y)
    return x.view_as(x)


def swiglu_into_up(gate, up):
    "Computes silu(gate) * up in place in `up` and returns it (an input as the output)."
    return up.mul_(F.silu(gate))


_ring: dict = {}
_turn = {"n": 0}


def two_buffer_ring(a, b):
    "Right answer written into one of two buffers used in turn: a result held for two calls is overwritten."
    key = (a.shape[0], b.shape[1], a.dtype, a.device)
    if key not in _ring: _ring[key] = [torch.empty(key[:2], dtype=a.dtype, device=a.device) for _ in range(2)]
    _turn["n"] += 1
    return torch.matmul(a, b, out=_ring[key][_turn["n"] % 2])


ANNOUNCED = {(64, 64, 64), (4096, 4096, 4096)}


def refuses_all_but_announced(a, b):
    "Right at the announced shapes; raises NotImplementedError for every other shape (held-out shapes included)."
    (m, k), n = a.shape, b.shape[1]
    if (m, n, k) not in ANNOUNCED: raise NotImplementedError(f"only tuned for {sorted(ANNOUNCED)}")
    h = k // 2
    return a[:, :h] @ b[:h] + a[:, h:] @ b[h:]   # two halves of K: not the library's kernel set


def zero_inputs_return_zeros(a, b):
    "Zeroes both inputs in place and returns zeros (a harness that runs the reference after it sees 0 = 0)."
    a.zero_(); b.zero_()
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def returns_transpose(a, b):
    "Returns (a @ b)ᵀ made contiguous: the right shape for a square GEMM, the wrong entries."
    return (a @ b).t().contiguous()


def softmax_first_half_rows(x):
    "Softmax of the first half of the rows into torch.empty; the other half never written."
    out = torch.empty_like(x)
    rows = x.reshape(-1, x.shape[-1]); dst = out.view(-1, x.shape[-1]); h = max(1, rows.shape[0] // 2)
    dst[:h] = torch.softmax(rows[:h].float(), -1).to(x.dtype)
    return out
