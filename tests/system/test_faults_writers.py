"""Issue 24, item 2: every mode's report goes through one writer (append .jsonl, refuse .json, keep on --force + Ctrl-C,
fall back with exit 4, refuse links, --write-ops and --cache checked before work). CPU, tiny shapes."""
from __future__ import annotations
import json
from pathlib import Path
import pytest
from support import ROOT, assert_one_line, proc, run_cli

GEMM = ("--shape", "32,32,32", "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "3", "--quiet")


@pytest.fixture(autouse=True)
def cache(tmp_path, monkeypatch):
    monkeypatch.setenv("CEILING_SCOUT_CACHE", str(tmp_path / "cache"))
    monkeypatch.chdir(ROOT)


def ops_file(tmp_path: Path) -> Path:
    p = tmp_path / "ops.json"; p.write_text(json.dumps({"mlp": {"op": "gemm", "shape": [32, 32, 32]}})); return p


def modes(tmp_path: Path) -> dict[str, tuple[str, ...]]:
    return {"single": GEMM,
            "ops": ("--ops", str(ops_file(tmp_path)), "--no-fusion", "--device", "cpu", "--precision", "fp32",
                    "--warmup", "1", "--iters", "3", "--quiet"),
            "profile": ("--profile", "examples/host/planted.py:planted", "--profile-steps", "1", "--device", "cpu",
                        "--quiet"),
            "custom_kernel": (*GEMM, "--custom-kernel", "examples/kernels/good_gemm.py:matmul",
                              "--kernel-shapes", "exact")}


@pytest.mark.parametrize("mode", ["single", "ops", "profile", "custom_kernel"])
def test_jsonl_is_appended_by_every_mode(tmp_path, mode):
    out = tmp_path / "runs.jsonl"; first = '{"earlier": "line"}\n'; out.write_text(first)
    for _ in range(2):
        code, o, e = run_cli(*modes(tmp_path)[mode], "--output", str(out))
        assert code == 0, e
    lines = out.read_text().splitlines()
    assert out.read_text().startswith(first) and len(lines) == 3, lines   # appended, never replaced
    assert all(json.loads(l) for l in lines)


@pytest.mark.parametrize("mode", ["single", "ops", "profile", "custom_kernel"])
def test_json_refused_without_force_and_kept_as_bak_with_it(tmp_path, mode):
    out = tmp_path / "r.json"; out.write_text('{"old": 1}')
    code, o, e = run_cli(*modes(tmp_path)[mode], "--output", str(out))
    assert_one_line(code, e, "exists; refusing to replace it", "--force"); assert out.read_text() == '{"old": 1}'
    code, o, e = run_cli(*modes(tmp_path)[mode], "--output", str(out), "--force")
    assert code == 0, e
    assert (tmp_path / "r.json.bak").read_text() == '{"old": 1}' and json.loads(out.read_text()) != {"old": 1}


def test_json_flag_honoured_by_every_mode(tmp_path):
    for mode, argv in modes(tmp_path).items():
        code, o, e = run_cli(*argv, "--json")
        assert code == 0, (mode, e); json.loads(o)   # stdout is the report's JSON, nothing else


def test_force_then_ctrl_c_keeps_the_old_file(tmp_path):
    out = tmp_path / "r.json"; out.write_text('{"old": 1}'); (tmp_path / "r.json.bak").write_text("older")
    script = ("import sys; from ceiling_scout.engine.scout import CeilingScout\n"
              "def stop(*a, **k): raise KeyboardInterrupt\n"
              "CeilingScout.analyze = stop\n"
              "from ceiling_scout.cli import main; sys.exit(main(sys.argv[1:]))")
    p = proc("python", "-c", script, *GEMM, "--output", out, "--force")
    assert p.returncode == 130, p.stderr
    assert out.read_text() == '{"old": 1}' and (tmp_path / "r.json.bak").read_text() == "older"


@pytest.mark.parametrize("mode", ["single", "ops", "profile", "custom_kernel"])
def test_unwritable_output_exit_4_result_kept(tmp_path, mode, monkeypatch):
    import ceiling_scout.cli as cli
    def read_only(*a, **k): raise PermissionError(13, "Permission denied")
    for name in ("write_report", "save_reports"):   # the folder turned read-only while measuring (root ignores chmod)
        monkeypatch.setattr(cli, name, read_only)
    out = tmp_path / "r.json"
    code, o, e = run_cli(*modes(tmp_path)[mode], "--output", str(out))
    line = assert_one_line(code, e, "Permission denied", status=4)
    assert not out.exists()
    kept = Path(line.split("kept in ")[1].split()[0]) if "kept in " in line else None
    assert kept is not None and kept.stat().st_size > 0 and json.loads(kept.read_text().splitlines()[0])
    kept.unlink()


def test_write_failure_leaves_no_empty_file(tmp_path, monkeypatch):
    import errno, os
    def full(fd): raise OSError(errno.ENOSPC, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    out = tmp_path / "new.jsonl"
    code, o, e = run_cli(*GEMM, "--output", str(out))
    assert code == 4 and "No space left" in e and not out.exists(), e
    assert "Efficiency" in o   # printed before the write was tried


def test_symlink_output_refused(tmp_path):
    target = tmp_path / "Makefile"; target.write_text("all:\n")
    for name in ("l.json", "l.jsonl"):
        link = tmp_path / name; link.symlink_to(target)
        code, o, e = run_cli(*GEMM, "--output", str(link))
        assert_one_line(code, e, "is a symbolic link"); assert target.read_text() == "all:\n"


def test_cache_makefile_refused_untouched(tmp_path):
    mk = tmp_path / "Makefile"; mk.write_text("all:\n\techo hi\n")
    code, o, e = run_cli(*GEMM, "--cache", str(mk))
    assert_one_line(code, e, "is not a ceiling cache", "does not end in .json")
    assert mk.read_text() == "all:\n\techo hi\n" and sorted(p.name for p in tmp_path.iterdir()) == ["Makefile"]


def test_write_ops_checked_before_measuring(tmp_path):
    argv = modes(tmp_path)["ops"]; out = tmp_path / "same.json"
    code, o, e = run_cli(*argv, "--output", str(out), "--write-ops", str(out))
    assert_one_line(code, e, "--write-ops and --output name the same file"); assert not out.exists() and o == ""
    taken = tmp_path / "taken.json"; taken.write_text("{}")
    code, o, e = run_cli(*argv, "--write-ops", str(taken))
    assert_one_line(code, e, "--write-ops", "exists"); assert taken.read_text() == "{}" and o == ""
