"""Planted GEMM that is honest only while a checker watches: it reads the call stack and, when a timing loop called
it, returns a stored answer instead of computing (issue 22, item 3). Calling convention: fn(a, b) -> a @ b."""
import sys
import torch

TIMERS = {"measure", "interleaved", "do_bench", "timeit", "_time_against_library", "timed_loop"}
_kept: dict = {}


def _timed() -> bool:
    "Whether a timing function is on the call stack."
    f = sys._getframe(1)
    while f is not None:
        if f.f_code.co_name in TIMERS: return True
        f = f.f_back
    return False


def sniffs_the_timer(a, b):
    "Computes a @ b when checked; under a timing loop returns the last answer of that shape (no work)."
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if _timed() and key in _kept: return _kept[key].clone()
    _kept[key] = a @ b
    return _kept[key].clone()
