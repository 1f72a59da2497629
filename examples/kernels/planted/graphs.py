"""A planted GEMM that is right when called eagerly and wrong when replayed as a CUDA graph (issue 22, item 13: the
optional `--graph-check`). Calling convention: fn(a, b) -> a @ b."""
import torch

_first: dict = {}


def capture_only_cache(a, b):
    "While the stream is capturing it returns a copy of its first eager answer: a replay never follows new inputs."
    key = (tuple(a.shape), tuple(b.shape), a.dtype, a.device)
    if torch.cuda.is_available() and torch.cuda.is_current_stream_capturing() and key in _first:
        return _first[key].clone()   # captured as a copy of a fixed buffer: the graph ignores a and b
    c = a @ b
    _first.setdefault(key, c.clone())
    return c
