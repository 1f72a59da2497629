"""Planted GEMMs whose output is not a plain tensor of the stated layout: a subclass, a lazy wrapper, a sparse tensor
(issue 22, item 5). Calling convention: fn(a, b) -> a @ b."""
import torch


class Marked(torch.Tensor):
    "A tensor subclass (it could carry hooks that run when the harness reads it)."


def subclass_output(a, b):
    "Right values in a `torch.Tensor` subclass."
    return (a @ b).as_subclass(Marked)


class LazyProduct:
    "Holds a and b; computes a @ b only when something asks for it through torch."
    def __init__(self, a, b):
        self.a, self.b, self.shape, self.dtype, self.device = a, b, (a.shape[0], b.shape[1]), a.dtype, a.device
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        args = [x.a @ x.b if isinstance(x, LazyProduct) else x for x in args]
        return func(*args, **(kwargs or {}))


def lazy_output(a, b):
    "Returns a lazy object that computes a @ b only when torch reads it (the timed call does no work)."
    return LazyProduct(a, b)


def sparse_output(a, b):
    "Right values in a sparse COO layout, not the strided layout the library returns."
    return (a @ b).to_sparse()
