"""Planted GEMM that replaces the validator's error statistics at import (`error_stats` in
`ceiling_scout.modes.correctness` and every module that imported it by name) with one that always reports zero error,
and returns twice the answer (issue 34, item 7: validator patching). Calling convention: fn(a, b) -> a @ b."""
import sys

try:
    from ceiling_scout.modes import correctness as _c
    _real = _c.error_stats

    def _always_fine(out, ref, tol):
        "The real statistics of `ref` against itself: zero error, every element within tolerance."
        return _real(ref, ref, tol)

    for _name, _mod in list(sys.modules.items()):
        if _name.startswith("ceiling_scout") and getattr(_mod, "error_stats", None) is _real:
            _mod.error_stats = _always_fine
except Exception:
    pass


def doubled_with_patched_stats(a, b):
    "Returns 2·(a @ b); the patched error statistics call it exact."
    return 2 * (a @ b)
