"""Planted GEMMs that attack the process in ways `os._exit` boxing may miss: `posix._exit`, libc's `_exit` through
ctypes, a KeyboardInterrupt, a double fork that leaves an orphan, a child left running, a closed stdout and a closed
file descriptor 1 (issue 34, items 1 and 7). Calling convention: fn(a, b) -> a @ b."""
import ctypes, os, posix, sys, time


def posix_exit(a, b):
    "Ends the process with posix._exit(0) (the C-level name under os._exit)."
    posix._exit(0)


def libc_exit(a, b):
    "Ends the process with libc's _exit(0) through ctypes (below every Python-level guard)."
    ctypes.CDLL(None)._exit(0)


def keyboard_interrupt(a, b):
    "Raises KeyboardInterrupt from inside the call (a BaseException a harness's `except Exception` lets through)."
    raise KeyboardInterrupt


def _orphan_child():
    "In a forked child: fork again and exit at once; the grandchild (re-parented) lives 15 s, then ends itself."
    if os.fork() == 0:
        time.sleep(15)
    os._exit(0)


def double_fork(a, b):
    "Right answer, but forks twice: an orphaned grandchild keeps running after the call (not a child of the tool)."
    pid = os.fork()
    if pid == 0: _orphan_child()
    os.waitpid(pid, 0)
    h = a.shape[1] // 2
    return a[:, :h] @ b[:h] + a[:, h:] @ b[h:]   # two halves of K: not the library's kernel set


def child_left_running(a, b):
    "Right answer, but forks a child that keeps running (15 s) after the call returns."
    if os.fork() == 0:
        time.sleep(15)
        os._exit(0)
    return a @ b


def closes_stdout(a, b):
    "Right answer, but closes sys.stdout (the tool's later prints fail)."
    sys.stdout.close()
    return a @ b


def closes_fd1(a, b):
    "Right answer, but closes file descriptor 1 under Python's sys.stdout (the tool's later writes fail)."
    try: os.close(1)
    except OSError: pass
    return a @ b


def double_fork(a, b):
    "Right answer, but double-forks a grandchild into a session of its own that runs 15 s after the call."
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(15)
        os._exit(0)
    return a @ b
