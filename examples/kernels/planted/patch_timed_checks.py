"""Planted GEMM that switches off the checks after the timed calls at import (the physics floor, the re-check of the
timed outputs and the tamper check in `ceiling_scout.modes.validation`), is honest for the correctness checks, then
replays its first answer (issue 34, item 7: validator patching). Calling convention: fn(a, b) -> a @ b."""
try:
    from ceiling_scout.modes import validation as _v
    _v._floor_check = lambda *a, **k: ([], [])
    _v.timed_outputs_check = lambda *a, **k: []
    _v.harness_check = lambda *a, **k: []
except Exception:
    pass

_calls = {"n": 0}
_first: dict = {}


def replay_with_checks_off(a, b):
    "Honest for its first 24 calls (the checks), then the first answer of that shape again (no work)."
    _calls["n"] += 1
    key = (tuple(a.shape), tuple(b.shape), a.dtype)
    if _calls["n"] <= 24 or key not in _first:
        out = a @ b
        _first.setdefault(key, out.clone())
        return out
    return _first[key].clone()
