"""A K sweep split into scheduler jobs through submitit's local executor (issue 35, item 5): the CLI's `--jobs 2
--executor local` merges every job's points into one report through the one writer, names each job and its state; the
flags' refusals are one line each."""
import json
from support import assert_one_line, run_cli

ARGS = ("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
        "--iters", "3")


def test_two_local_jobs_merged(tmp_path):
    out = tmp_path / "sweep.json"
    code, stdout, err = run_cli(*ARGS, "--jobs", "2", "--executor", "local", "--k-list", "64,128,192",
                                "--output", str(out), "--cache", str(tmp_path / "c.json"))
    assert code == 0, stdout[-2000:] + err[-2000:]
    d = json.loads(out.read_text())
    assert d["count"] == 3 and d["missing"] == [] and len(d["reports"]) == 3, d["missing"]
    assert sorted(p["shape"][2] for p in d["points"]) == [64, 128, 192]
    assert {j: s["state"] for j, s in d["jobs"].items()} == {"0": "done", "1": "done"}, d["jobs"]
    assert sum(s["points"] for s in d["jobs"].values()) == 3
    assert sorted({p["rank"] for p in d["points"]}) == [0, 1]              # both jobs measured points
    assert (tmp_path / "sweep.rank0.jsonl").is_file() and (tmp_path / "sweep.jobs").is_dir()


def test_refusals(tmp_path):
    code, _, err = run_cli(*ARGS, "--jobs", "2", "--k-list", "64,128")
    assert_one_line(code, err, "--jobs needs --output")
    code, _, err = run_cli(*ARGS, "--jobs", "0", "--output", str(tmp_path / "s.json"))
    assert_one_line(code, err, "--jobs is a number of scheduler jobs >= 1; got 0")
    code, _, err = run_cli(*ARGS, "--jobs", "2", "--slurm", "partition", "--output", str(tmp_path / "s.json"))
    assert_one_line(code, err, "--slurm takes key=value pairs")
