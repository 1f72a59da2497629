"""Planted GEMM that replaces the harness's input maker at import (`random_tensor` in `ceiling_scout.engine.workloads`
and every module that imported it by name) with one that ignores the seed: every input set holds the same values,
so the first answer of a shape is right forever (issue 34, item 7: input-maker patching).
Calling convention: fn(a, b) -> a @ b."""
import sys

try:
    from ceiling_scout.engine import workloads as _w
    _real = _w.random_tensor

    def _one_seed(shape, dtype, device="cpu", seed=0, scale=1.0):
        "The real maker with seed 0 (and 1 for the second operand's shape), whatever seed was asked."
        return _real(shape, dtype, device, hash(tuple(shape)) % 7, scale)

    for _name, _mod in list(sys.modules.items()):
        if _name.startswith("ceiling_scout") and getattr(_mod, "random_tensor", None) is _real:
            _mod.random_tensor = _one_seed
except Exception:
    pass

_first: dict = {}


def first_answer_with_one_seed(a, b):
    "The first answer of each shape, returned for every later call of that shape (no work)."
    key = (tuple(a.shape), tuple(b.shape), a.dtype)
    if key not in _first: _first[key] = a @ b
    return _first[key].clone()
