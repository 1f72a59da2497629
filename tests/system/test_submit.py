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


JOBS = (*ARGS, "--k-list", "32,64", "--executor", "local", "--quiet")


def test_slurm_absent_one_line(tmp_path):
    import shutil, pytest
    if shutil.which("srun"): pytest.skip("this machine has Slurm")
    code, _, err = run_cli(*JOBS[:-3], "--executor", "slurm", "--jobs", "1", "--output", str(tmp_path / "r.json"))
    assert_one_line(code, err, "Slurm was not found", "--executor local runs the jobs here")


def test_slurm_parameters_refused_before_any_job(tmp_path):
    out = tmp_path / "r.json"
    for bad, needle in (("timeout_min=abc", "got 'abc'"), ("timeout_min=-5", "got '-5'"),
                        ("timeout_min=99999999999999999999", "from 1 to 525600"),
                        ("gpus_per_node=1.5", "--slurm gpus_per_node is a whole number"),
                        ("no_such_parameter=1", "--slurm no_such_parameter=1 is refused by submitit")):
        code, _, err = run_cli(*JOBS, "--jobs", "1", "--slurm", bad, "--output", str(out))
        assert_one_line(code, err, needle)
        assert not (tmp_path / "r.rank0.jsonl").exists() and not list(tmp_path.glob("r.jobs/*")), bad   # no job ran


def test_jobs_bounded_by_points(tmp_path):
    code, _, err = run_cli(*JOBS, "--jobs", "99999999999999999999", "--output", str(tmp_path / "r.json"))
    assert_one_line(code, err, "--jobs 99999999999999999999 is more than the sweep's 2 points", "give 1 to 2")


def test_stale_rank_file_set_aside(tmp_path):
    (tmp_path / "r.rank0.jsonl").write_text("junk from an earlier run\n")
    code, stdout, err = run_cli(*JOBS, "--jobs", "1", "--output", str(tmp_path / "r.json"),
                                "--cache", str(tmp_path / "c.json"))
    assert code == 0, stdout[-2000:] + err[-2000:]
    assert json.loads((tmp_path / "r.json").read_text())["count"] == 2
    assert (tmp_path / "r.rank0.jsonl.bak").read_text() == "junk from an earlier run\n"


class _FakeExecutor:
    "submitit's AutoExecutor as `submitted_sweep` uses it, recording the parameters each job was submitted with."
    made: list = []
    def __init__(self, folder, cluster=None):
        self.cluster, self.params, self.jobs = cluster or "local", {}, []
        _FakeExecutor.made.append(self)
    def update_parameters(self, **kw): self.params.update(kw)
    def batch(self):
        import contextlib
        return contextlib.nullcontext()
    def submit(self, fn, *a):
        self.jobs.append(dict(self.params))
        return type("Job", (), {"job_id": str(len(self.jobs)), "result": lambda _: 0})()


def test_cuda_jobs_ask_for_a_gpu(tmp_path, monkeypatch):
    "On a CUDA device every job asks for one GPU (submitit's local executor hides the GPUs otherwise); a local job "
    "gets the visible GPUs in turn. No GPU needed: the executor is a fake."
    import pytest, submitit, torch
    from ceiling_scout.engine.core import CeilingScoutError
    from ceiling_scout.engine.workloads import make_workload
    from ceiling_scout.engine.scout import ScoutConfig
    from ceiling_scout.modes.submit import submitted_sweep
    monkeypatch.setattr(submitit, "AutoExecutor", _FakeExecutor)
    monkeypatch.setattr(torch.cuda, "device_count", lambda: 2)
    monkeypatch.delenv("CUDA_VISIBLE_DEVICES", raising=False)
    ws = [make_workload("gemm", (64, 64, k), "bf16") for k in (64, 128)]
    for cluster in ("local", "slurm"):
        with pytest.raises(CeilingScoutError, match="no job failed"):   # the fake jobs write no point
            submitted_sweep(ws, tmp_path / "s.json", 2, ScoutConfig("cuda"), cluster)
        ex = _FakeExecutor.made[-1]
        assert [j["gpus_per_node"] for j in ex.jobs] == [1, 1], ex.jobs
        setups = [j.get("local_setup") for j in ex.jobs]
        assert setups == ([["export CUDA_VISIBLE_DEVICES=0"], ["export CUDA_VISIBLE_DEVICES=1"]] if cluster == "local"
                          else [None, None]), setups
    with pytest.raises(CeilingScoutError): submitted_sweep(ws, tmp_path / "s.json", 2, ScoutConfig("cpu"), "local")
    assert "gpus_per_node" not in _FakeExecutor.made[-1].params   # a CPU job asks for none
