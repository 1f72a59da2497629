"""Planted GEMMs that play with memory and with the sequence of calls: caches, an aliased input, replayed answers,
honesty that lasts only while a harness checks (the input overwrite and the static output buffer are
`examples/kernels/broken_gemm.py`'s). Calling convention: fn(a, b) -> a @ b."""
import torch

_first: dict = {}
_by_ptr: dict = {}
_calls = {"n": 0}
_last: dict = {}


def first_result_cache(a, b):
    "Computes the first call's answer and returns it for every later call of the same shape."
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if key not in _first: _first[key] = a @ b
    return _first[key].clone()


def data_ptr_cache(a, b):
    "Caches the answer by the inputs' addresses: stale once the same buffers hold new data."
    key = (a.data_ptr(), b.data_ptr(), tuple(a.shape), tuple(b.shape))
    if key not in _by_ptr: _by_ptr[key] = a @ b
    return _by_ptr[key].clone()


def aliases_input(a, b):
    "Writes the answer into `a`'s memory and returns it (square GEMMs): the caller's `a` is destroyed."
    c = a @ b
    return a.copy_(c) if a.shape == c.shape else c


HONEST_CALLS = 24   # more than a correctness pass makes; the timed loop comes after


def honest_first_n(a, b):
    "Honest for the first 24 calls (the correctness checks), then returns the first answer again (while unwatched)."
    _calls["n"] += 1
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if _calls["n"] <= HONEST_CALLS or key not in _first:
        out = a @ b
        _first.setdefault(key, out.clone())
        return out
    return _first[key].clone()


def replay_previous(a, b):
    "Cross-call batching: after 24 calls (the checks) returns the previous call's answer and keeps this one for later."
    _calls["n"] += 1
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if _calls["n"] <= HONEST_CALLS or key not in _last:
        _last[key] = a @ b
        return _last[key].clone()
    out = _last[key]
    _last[key] = a @ b   # on a GPU this would be launched on a side stream and never waited for
    return out


_by_id: dict = {}


def identity_cache(a, b):
    "Honest for the first 24 calls (the checks), then caches the answer by the input tensors' identity (the Python "
    "objects): right while each tensor keeps its values, stale once the same tensors hold new ones."
    _calls["n"] += 1
    if _calls["n"] <= HONEST_CALLS: return (a @ b).clone()   # one kernel set (a GEMM and a copy) from the first call
    key = (id(a), id(b))
    if key not in _by_id: _by_id[key] = (a, b, a @ b)   # the tensors kept alive, so their ids stay theirs
    return _by_id[key][2].clone()


_lib_calls = {"n": 0}


def library_then_identity_cache(a, b):
    "The library's own kernel for the first 24 calls (one profiled call reads as the library), then the answer cached "
    "by the input tensors' identity: stale once the same tensors hold new values."
    _lib_calls["n"] += 1
    if _lib_calls["n"] <= HONEST_CALLS: return a @ b
    key = (id(a), id(b), "lib")
    if key not in _by_id: _by_id[key] = (a, b, a @ b)
    return _by_id[key][2].clone()
