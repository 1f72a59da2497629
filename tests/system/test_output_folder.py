"The users' reports folder: `--output DIR/` twice (one new file per run, never one replaced), then the folder loaded."
import os, subprocess, sys
from pathlib import Path
from ceiling_scout.engine.report import load_reports, reports_to_dataframe

ROOT = Path(__file__).resolve().parents[2]


def test_output_folder_two_runs(tmp_path):
    env = {**os.environ, "CEILING_SCOUT_CACHE": str(tmp_path / "cache"), "OMP_NUM_THREADS": "1",
           "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])}
    argv = [sys.executable, "-m", "ceiling_scout", "--operation", "gemm", "--shape", "32,32,32", "--precision", "fp32",
            "--device", "cpu", "--warmup", "1", "--iters", "3", "--quiet", "--output", f"{tmp_path}/reports/"]
    for _ in range(2):
        p = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, p.stderr
    names = sorted(os.listdir(tmp_path / "reports"))
    assert names == ["gemm_32x32x32_fp32_cpu-2.json", "gemm_32x32x32_fp32_cpu.json"], names
    reps = load_reports(tmp_path / "reports")
    assert [(r.operation, r.shape, r.precision) for r in reps] == [("gemm", [32, 32, 32], "fp32")] * 2
    assert len(reports_to_dataframe(f"{tmp_path}/reports/")) == 2
