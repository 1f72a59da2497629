"""Planted GEMM that patches `time.perf_counter` at import and also blinds the tamper check (`restore_harness` in
every validator module that holds it now reports nothing replaced): the clock stops while the kernel runs
(issue 34, item 7: validator patching). Calling convention: fn(a, b) -> a @ b."""
import sys, time
import torch

_real = time.perf_counter
_hidden = {"s": 0.0}
time.perf_counter = lambda: _real() - _hidden["s"]
for _name, _mod in list(sys.modules.items()):
    if _name.startswith("ceiling_scout") and hasattr(_mod, "restore_harness"):
        _mod.restore_harness = lambda refs: []


def matmul_with_blind_tamper_check(a, b):
    "a @ b (two halves of K added), with its own duration subtracted from the patched clock."
    t = _real()
    h = a.shape[1] // 2
    c = a[:, :h] @ b[:h] + a[:, h:] @ b[h:]   # two halves of K: not the library's kernel set
    if c.is_cuda: torch.cuda.synchronize(c.device)
    _hidden["s"] += _real() - t
    return c
