"""A kernel that switches off the checks of its own process at import and answers a @ b + 1 (issue 34, item 1): its
process's validation cannot see it; the tool's own judgement must."""
import torch
from ceiling_scout.modes import validation as _v
_v.CHECK_STAGES, _v.timed_outputs_check = (), lambda *a, **k: []
_v.library_in_disguise = lambda *a, **k: ((), False)


def plus_one(a, b): return a @ b + 1


def honest_double_mm(a, b): return (a.float() @ b.float()).to(a.dtype)
