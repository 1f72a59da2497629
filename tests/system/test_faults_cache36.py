"""Fault injection, the ceiling cache (issue 36): --cache naming a FIFO, a link to /dev/zero or an empty path is one line
(exit 2), never a hang or a MemoryError; a cache of too deeply nested JSON is ignored with a warning and replaced; an
entry dated in the future is refused and re-measured. Every run is bounded by a timeout."""
import json, os
from pathlib import Path
from support import assert_one_line, cs

GEMM = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "3", "--quiet")


def test_special_cache_files_are_one_line(tmp_path: Path):
    fifo, zero = tmp_path / "fifo.json", tmp_path / "zero.json"
    os.mkfifo(fifo); zero.symlink_to("/dev/zero")
    for bad in (fifo, zero):
        p = cs(*GEMM, "--cache", bad, timeout=60)
        assert_one_line(p.returncode, p.stderr, "not a regular file", str(bad))
    p = cs(*GEMM, "--cache", "", timeout=60)
    assert_one_line(p.returncode, p.stderr, "empty")


def test_deep_and_future_dated_cache(tmp_path: Path):
    cache = tmp_path / "c.json"; cache.write_text("[" * 100000)
    p = cs(*GEMM, "--cache", cache, timeout=240)
    assert p.returncode == 0 and "Traceback" not in p.stderr and "unreadable" in p.stdout + p.stderr, p.stderr[-600:]
    assert (tmp_path / "c.json.unreadable").read_text() == "[" * 100000   # kept beside, never overwritten
    data = json.loads(cache.read_text())
    for env in data.values():
        for e in (env["copy"], env["read"], env["launch"], env["matmul"]["fp32"]["burst"]):
            e["measured_at"] = "2999-01-01T00:00:00+00:00"
    cache.write_text(json.dumps(data))
    p = cs(*GEMM, "--cache", cache, timeout=240)
    assert p.returncode == 0 and "Traceback" not in p.stderr and "2999" in p.stderr + p.stdout, p.stderr[-600:]
    dates = [e["measured_at"] for env in json.loads(cache.read_text()).values()
             for e in (env["copy"], env["matmul"]["fp32"]["burst"])]
    assert dates and "2999-01-01T00:00:00+00:00" not in dates, dates   # re-measured and replaced
