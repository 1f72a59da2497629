"""Planted GEMMs whose work is not finished when they return: an unjoined side stream, a thread that finishes the
output, writes after return (issue 22, items 1 and 2). Calling convention: fn(a, b) -> a @ b."""
import threading, time
import torch


def side_stream_all(a, b):
    "Does the whole GEMM on a side stream and returns without joining it (the timer on the current stream sees ~0)."
    s = torch.cuda.Stream(device=a.device)
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    with torch.cuda.stream(s): torch.matmul(a, b, out=c)
    return c


def side_stream_tail(a, b):
    "Leaves the last eighth of the rows to a side stream that is never joined."
    s = torch.cuda.Stream(device=a.device)
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    m = a.shape[0] - max(1, a.shape[0] // 8)
    s.wait_stream(torch.cuda.current_stream(a.device))
    with torch.cuda.stream(s): torch.matmul(a[m:], b, out=c[m:])
    torch.matmul(a[:m], b, out=c[:m])
    return c


def thread_finishes_output(a, b):
    "Returns an empty output and a thread fills it in 20 ms after return (work left on another thread)."
    c = torch.empty(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    def work():
        time.sleep(0.02)
        torch.matmul(a, b, out=c)
    threading.Thread(target=work, daemon=True).start()
    return c


def late_scribble(a, b):
    "Returns the right answer, then a thread writes a stale row into it a moment later (a write after return)."
    c = a @ b
    def scribble():
        time.sleep(0.002)
        c[0].zero_()
    threading.Thread(target=scribble, daemon=True).start()
    return c


def late_write_gpu(a, b):
    "Returns the right answer with a kernel on an unjoined side stream that zeroes a row of it after a delay."
    c = a @ b
    s = torch.cuda.Stream(device=a.device)
    s.wait_stream(torch.cuda.current_stream(a.device))
    with torch.cuda.stream(s):
        torch.cuda._sleep(2_000_000)   # ~1 ms of spinning, then the write
        c[0].zero_()
    return c
