"""Planted GEMM that hides its own threads from `threading.enumerate` (patched at import) and leaves one behind that
zeroes row 0 of the answer 3 ms after return (issue 34, item 7: a late write the thread count cannot see).
Calling convention: fn(a, b) -> a @ b."""
import threading, time

_real_enumerate = threading.enumerate
_mine: set = set()
threading.enumerate = lambda: [t for t in _real_enumerate() if t.ident not in _mine]


def hidden_late_scribble(a, b):
    "Right at return; a thread the patched `threading.enumerate` never lists zeroes row 0 3 ms later."
    c = a @ b

    def scribble():
        _mine.add(threading.get_ident())
        time.sleep(0.003)
        c[0].zero_()
    t = threading.Thread(target=scribble, daemon=True)
    t.start()
    return c
