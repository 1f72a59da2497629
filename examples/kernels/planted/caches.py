"""Planted GEMMs with caches keyed on what a harness hands them: a cheap content checksum, an exact content sum, calls
that come back to back, the buffers' addresses (with and without their version counter) on a fraction of calls,
honesty for the first 40 or 100 calls, an answer kept on disk (issue 34, items 2 and 7).
Calling convention: fn(a, b) -> a @ b."""
import os, tempfile, time
import torch

HONEST_CALLS = 24   # more than the correctness checks make
_calls = {"n": 0}
_by_mean: dict = {}
_by_sum: dict = {}
_last = {"t": 0.0, "key": None, "out": None}
_by_ptr: dict = {}
_first: dict = {}


def _gemm(a, b):
    "a @ b as two halves of K added (not the library's own kernel set)."
    h = a.shape[1] // 2
    return a[:, :h] @ b[:h] + a[:, h:] @ b[h:]


def coarse_checksum_cache(a, b):
    "Honest for 24 calls, then an answer cached by the inputs' means rounded to 0.1 (a checksum that collides)."
    _calls["n"] += 1
    if _calls["n"] <= HONEST_CALLS: return _gemm(a, b)
    key = (tuple(a.shape), tuple(b.shape), round(float(a.mean()), 1), round(float(b.mean()), 1))
    if key not in _by_mean: _by_mean[key] = _gemm(a, b)
    return _by_mean[key].clone()


def content_sum_cache(a, b):
    "An answer cached by the exact sums of both inputs: stale for any other input with the same sums (a permutation)."
    key = (tuple(a.shape), tuple(b.shape), float(a.sum()), float(b.sum()))
    if key not in _by_sum: _by_sum[key] = a @ b
    return _by_sum[key].clone()


def back_to_back_cache(a, b):
    "The previous answer when called again within 50 ms on the same buffers (a timing loop's back-to-back calls)."
    key = (a.data_ptr(), b.data_ptr(), tuple(a.shape), tuple(b.shape))
    if key == _last["key"] and time.perf_counter() - _last["t"] < 50e-3:
        out = _last["out"].clone()
    else:
        out = a @ b
        _last["key"], _last["out"] = key, out.clone()
    _last["t"] = time.perf_counter()
    return out


def ptr_version_one_in_eight(a, b):
    "On one call in eight, the answer kept for the same buffers at the same version counter (data_ptr and _version)."
    _calls["n"] += 1
    key = (a.data_ptr(), b.data_ptr(), a._version, b._version, tuple(a.shape), tuple(b.shape))
    if _calls["n"] % 8 == 0 and key in _by_ptr: return _by_ptr[key].clone()
    out = a @ b
    _by_ptr[key] = out.clone()
    return out


def ptr_one_in_eight(a, b):
    "On one call in eight, the answer kept for the same buffers (data_ptr only): stale when they hold new values."
    _calls["n"] += 1
    key = (a.data_ptr(), b.data_ptr(), tuple(a.shape), tuple(b.shape))
    if _calls["n"] % 8 == 0 and key in _by_ptr: return _by_ptr[key].clone()
    out = a @ b
    _by_ptr[key] = out.clone()
    return out


def _first_n_then_first_answer(a, b, n: int):
    "Honest for the first `n` calls, then the first answer of that shape again."
    _calls["n"] += 1
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if _calls["n"] <= n or key not in _first:
        out = a @ b
        _first.setdefault(key, out.clone())
        return out
    return _first[key].clone()


def honest_first_40(a, b):
    "Honest for the first 40 calls, then the first answer of that shape for every later call."
    return _first_n_then_first_answer(a, b, 40)


def honest_first_100(a, b):
    "Honest for the first 100 calls, then the first answer of that shape for every later call."
    return _first_n_then_first_answer(a, b, 100)


_DISK = os.path.join(tempfile.gettempdir(), f"ceiling_scout_planted_replay_{os.getpid()}")


def disk_replay(a, b):
    "Honest for 24 calls, then the answer saved to a file on the first call, read back (a file replay, no GEMM)."
    _calls["n"] += 1
    path = f"{_DISK}_{a.shape[0]}x{b.shape[1]}x{a.shape[1]}.pt"
    if _calls["n"] <= HONEST_CALLS or not os.path.exists(path):
        out = a @ b
        if not os.path.exists(path): torch.save(out.cpu(), path)
        return out
    return torch.load(path).to(a.device)


def _persist(t):
    "Ask the L2 to keep `t`: the largest persisting set-aside, and an access-policy window on it for this stream."
    import ctypes
    cu = ctypes.CDLL("libcuda.so.1")
    dev, most = ctypes.c_int(), ctypes.c_int()
    cu.cuCtxGetDevice(ctypes.byref(dev))
    cu.cuDeviceGetAttribute(ctypes.byref(most), 108, dev)   # CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE
    size = most.value or 16 * 2**20
    cu.cuCtxSetLimit(0x06, ctypes.c_size_t(size))            # CU_LIMIT_PERSISTING_L2_CACHE_SIZE

    class Window(ctypes.Structure):
        _fields_ = [("base_ptr", ctypes.c_void_p), ("num_bytes", ctypes.c_size_t), ("hit_ratio", ctypes.c_float),
                    ("hit_prop", ctypes.c_int), ("miss_prop", ctypes.c_int)]

    class Value(ctypes.Union):
        _fields_ = [("window", Window), ("pad", ctypes.c_char * 64)]
    v = Value()
    v.window = Window(t.data_ptr(), min(t.numel() * t.element_size(), size), 1.0, 2, 1)   # persisting hits
    cu.cuStreamSetAttribute(ctypes.c_void_p(torch.cuda.current_stream().cuda_stream), 1, ctypes.byref(v))


def persisting_l2_inputs(a, b):
    "Right, and asks the L2 to keep its first input (persisting set-aside and window): it survives the flush before "
    "each timed call, while the library is timed cold (GPU MODE's harness closed this in 2026)."
    if a.is_cuda: _persist(a)
    return a @ b
