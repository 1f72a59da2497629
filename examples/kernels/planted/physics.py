"""Planted GEMM too fast for physics: it knows the harness's input generator and seeds, precomputes those answers on
its first call and then returns a copy looked up by a fingerprint of the inputs (issue 22, items 7 and 8).
Calling convention: fn(a, b) -> a @ b."""
import torch

SEEDS = (100, 101, 102, 200, 201, 300, 400, 500)   # the fixed seeds of the validator before issue 22, item 7
_table: dict = {}


def _fingerprint(a, b) -> tuple:
    "A few entries of each input: enough to tell the harness's inputs apart."
    return tuple(a.reshape(-1)[:4].tolist()) + tuple(b.reshape(-1)[:4].tolist()) + (tuple(a.shape), tuple(b.shape))


def _precompute(a, b):
    "The answers for the harness's seeds at this shape, generated the way the harness does."
    from ceiling_scout.engine.workloads import random_tensor
    (m, k), n = a.shape, b.shape[1]
    for s in SEEDS:
        x, y = random_tensor((m, k), a.dtype, a.device, s), random_tensor((k, n), a.dtype, a.device, s + 1)
        _table[_fingerprint(x, y)] = x @ y


def precomputed(a, b):
    "A stored answer for a known input (a copy, no GEMM); for an unknown one the last stored answer of that shape."
    if not _table: _precompute(a, b)
    hit = _table.get(_fingerprint(a, b))
    if hit is None:
        same = [c for c in _table.values() if c.shape == (a.shape[0], b.shape[1])]
        return same[-1].clone() if same else a @ b   # another shape (an edge shape): honest there
    return hit.clone()
