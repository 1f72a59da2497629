"""Issue 36, items 4, 5 and 8 on the reports' side: numbered backups, --write-ops keeps the triage, mixed .jsonl,
special files refused. CPU, tiny shapes."""
from __future__ import annotations
import errno, json, os
from pathlib import Path
import pytest
from support import ROOT, assert_one_line, proc, run_cli

GEMM = ("--shape", "32,32,32", "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "3", "--quiet")
TINY = ("--model", "llama_block_tiny", "--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3",
        "--no-fusion", "--quiet")


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CEILING_SCOUT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)


def test_two_force_runs_keep_every_old_version(tmp_path):
    out = tmp_path / "r.json"; out.write_text('{"old": 1}')
    for _ in range(2):   # two runs (run_cli is one process: forget its own file, as a second process would)
        from ceiling_scout.engine import report; report._WRITTEN.clear()
        code, o, e = run_cli(*GEMM, "--output", str(out), "--force"); assert code == 0, e
    assert sorted(p.name for p in tmp_path.glob("r.json.bak*")) == ["r.json.bak", "r.json.bak.2"]
    assert (tmp_path / "r.json.bak").read_text() == '{"old": 1}'
    assert json.loads((tmp_path / "r.json.bak.2").read_text())["operation"] == "gemm"


def test_write_ops_on_a_full_disk_keeps_the_triage(tmp_path, monkeypatch):
    import ceiling_scout.modes.model_triage as mt
    def full(path, *a, **k): raise OSError(errno.ENOSPC, "No space left on device", str(path))
    monkeypatch.setattr(mt, "write_report", full)   # the ops file only: the CLI writes --output with its own
    out, ops = tmp_path / "out.json", tmp_path / "ops.json"
    code, o, e = run_cli(*TINY, "--write-ops", str(ops), "--output", str(out))
    assert code == 0, e   # measured and written where --output asked: the lost ops list is one warning
    warns = [w for w in json.loads(out.read_text())["warnings"] if "--write-ops" in w]
    assert len(warns) == 1 and "No space left" in warns[0] and not ops.exists(), warns
    code, o, e = run_cli(*TINY, "--write-ops", "/nonexistent_dir/ops.json", "--output", str(tmp_path / "b.json"))
    assert_one_line(code, e, "--write-ops directory", "does not exist")   # refused before any work: exit 2


def test_mixed_jsonl_and_special_files(tmp_path):
    out = tmp_path / "runs.jsonl"
    code, o, e = run_cli(*GEMM, "--output", str(out)); assert code == 0, e
    with open(out, "a") as f: f.write('{"schema_version": "ceiling_scout.validation/1"}\n' + "[" * 9999 + "]" * 9999)
    os.mkfifo(tmp_path / "pipe.json"); (tmp_path / "zero.json").symlink_to("/dev/zero")
    load = "import sys; from ceiling_scout.engine.report import load_reports as L; print(len(L(sys.argv[1])))"
    for name, needle in (("pipe.json", "not a regular file"), ("zero.json", "not a regular file"),
                         ("runs.jsonl", "nested deeper than 64")):   # at once: a FIFO is never opened
        p = proc("python", "-c", load, tmp_path / name, timeout=60)
        assert p.returncode == 1 and needle in p.stderr.splitlines()[-1] and "RecursionError" not in p.stderr
    out.write_text(out.read_text().rsplit("\n", 1)[0] + "\n")   # the deep line gone: the report read, one skipped
    p = proc("python", "-W", "always", "-c", load, out, timeout=60)
    assert p.stdout.strip() == "1" and "skipped 1 record(s)" in p.stderr, p.stderr
