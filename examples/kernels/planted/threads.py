"""Planted GEMMs whose threads outlive the call in ways a thread count or one look may miss: a raw `_thread` thread
writing late, honest joins while checked and late tails after, a thread that burns the CPU while the library is timed
(issue 34, items 5 and 7). Calling convention: fn(a, b) -> a @ b."""
import _thread, threading, time
import torch

_calls = {"n": 0}


def raw_thread_scribble(a, b):
    "Right at return; a `_thread.start_new_thread` thread (not in threading.enumerate) zeroes row 0 5 ms later."
    c = a @ b

    def scribble():
        time.sleep(0.005)
        c[0].zero_()
    _thread.start_new_thread(scribble, ())
    return c


def tail_late_after_checks(a, b):
    "Joins its tail thread for 24 calls (the checks); then returns before the thread writes the last eighth of rows."
    _calls["n"] += 1
    c = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    m = a.shape[0] - max(1, a.shape[0] // 8)

    def tail():
        time.sleep(0.01 if _calls["n"] > 24 else 0)
        torch.matmul(a[m:], b, out=c[m:])
    t = threading.Thread(target=tail, daemon=True)
    t.start()
    torch.matmul(a[:m], b, out=c[:m])
    if _calls["n"] <= 24: t.join()
    return c


_inside = threading.Event()


def _spin():
    "Busy Python work whenever the kernel is not running (holds the GIL and a core while the library is timed)."
    x = 0
    while True:
        if _inside.is_set(): time.sleep(0.0002); continue
        for _ in range(2000): x += 1


_spinner = {"t": None}


def slows_the_library(a, b):
    "a @ b by halves of K; a thread it starts burns the CPU whenever this kernel is not running (the library's turn)."
    if _spinner["t"] is None:
        _spinner["t"] = threading.Thread(target=_spin, daemon=True, name="planted-spinner")
        _spinner["t"].start()
    _inside.set()
    try:
        h = a.shape[1] // 2
        return a[:, :h] @ b[:h] + a[:, h:] @ b[h:]   # halves of K: not the library's kernel set
    finally: _inside.clear()
