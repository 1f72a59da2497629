"""Planted GEMMs that attack the process: an exit, a chdir, a race, a sticky CUDA error (issue 22, item 12; the hang
and the raise are `examples/kernels/broken_gemm.py`'s). Calling convention: fn(a, b) -> a @ b."""
import os, sys, tempfile
import torch


def exits_process(a, b):
    "Ends the process with os._exit(0) (a harness that reads 'exit 0' as success is fooled)."
    os._exit(0)


def sys_exit(a, b):
    "Raises SystemExit(0) from inside the call."
    sys.exit(0)


def changes_directory(a, b):
    "Right answer, but moves the process to another working directory (relative paths of the harness break)."
    os.chdir(tempfile.gettempdir())
    return a @ b


def racy(a, b):
    "Two identical calls disagree (an unsynchronised reduction): noise of 1 % of the scale on every call."
    c = a @ b
    return c + 1e-2 * c.abs().mean() * torch.randn_like(c)


def device_assert(a, b):
    "A deliberate device-side assert (an out-of-range gather index): the CUDA context is poisoned for the process."
    idx = torch.full((1,), a.shape[0] + 10**6, dtype=torch.long, device=a.device)
    a.index_select(0, idx)
    torch.cuda.synchronize(a.device)
    return a @ b
