"""Planted GEMMs that look for the judge's answer in the judge's memory instead of computing it (issue 34, item 7;
after GPU MODE's pygpubench exploits `gc.get_objects()` -> copy or NaN-fill the expected tensors, and stack-frame
readers of the reference): a probe of two entries picks the matching tensor. Calling convention: fn(a, b) -> a @ b."""
import gc, sys
import torch


def _probe(a, b) -> tuple:
    "Entries (0, 0) and (M-1, N-1) of a @ b, from two dot products (O(K) work)."
    return float(a[0].double() @ b[:, 0].double()), float(a[-1].double() @ b[:, -1].double())


def _matches(t, a, b, probe) -> bool:
    "Whether `t` is an (M, N) floating tensor holding the probed entries (and is not an input)."
    if not (type(t) is torch.Tensor and t.dim() == 2 and tuple(t.shape) == (a.shape[0], b.shape[1])
            and t.is_floating_point() and t.device == a.device) or t is a or t is b:
        return False
    try: got = (float(t[0, 0]), float(t[-1, -1]))
    except Exception: return False
    return all(abs(g - p) <= 1e-3 * (1 + abs(p)) for g, p in zip(got, probe))


def gc_copy(a, b):
    "Copies a tensor found through gc.get_objects() holding the answer's probed entries; zeros if none is."
    probe = _probe(a, b)
    for t in gc.get_objects():
        if _matches(t, a, b, probe): return t.detach().to(a.dtype).clone()
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def frame_copy(a, b):
    "Copies a tensor in its callers' locals (or their attributes) holding the probed entries; else zeros."
    probe, f = _probe(a, b), sys._getframe(1)
    while f is not None:
        for v in list(f.f_locals.values()):
            inner = getattr(v, "__dict__", None)
            for t in [v, *(inner.values() if isinstance(inner, dict) else ())]:
                if _matches(t, a, b, probe): return t.detach().to(a.dtype).clone()
        f = f.f_back
    return torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)


def gc_zero_expected(a, b):
    "Zeroes every other (M, N) float tensor gc.get_objects() finds (the judge's references), returns zeros."
    out = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    for t in gc.get_objects():
        if (type(t) is torch.Tensor and t.dim() == 2 and tuple(t.shape) == tuple(out.shape) and t.is_floating_point()
                and t is not a and t is not b and t.device == a.device):
            try: t.zero_()
            except Exception: pass
    return out


def gc_nan_expected(a, b):
    "Fills every float64 (M, N) tensor gc.get_objects() finds (the judge's references) with NaN, returns zeros."
    out = torch.zeros(a.shape[0], b.shape[1], dtype=a.dtype, device=a.device)
    for t in gc.get_objects():
        if (type(t) is torch.Tensor and t.dtype == torch.float64 and tuple(t.shape) == tuple(out.shape)
                and t.device == a.device):
            try: t.fill_(float("nan"))
            except Exception: pass
    return out
