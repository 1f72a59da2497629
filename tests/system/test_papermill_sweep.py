"""nbs/sweep.ipynb headless through papermill: a live CPU K sweep on small parameters and the recorded-H100 path (as
asked, and asked for K values and counts the recording does not have); every report is checked for content
(sweep_checks.py). Devices with nothing to run on must stop with a message that says why."""
import pytest
from support import no_code_in_html, papermill
from sweep_checks import check


def run(tmp_path, name, **params):
    err = papermill("sweep.ipynb", tmp_path / f"{name}.ipynb", output_dir=str(tmp_path / "reports"), name=name, **params)
    assert err is None, err
    return tmp_path / "reports" / f"{name}.json"


def test_live_cpu_sweep(tmp_path):
    p = run(tmp_path, "ci_sweep_cpu", device="cpu", m=128, n=128, k_list="128,256,384", warmup=2, iters=20)
    assert check(p, 3, 20, False, []) == []
    assert no_code_in_html(p.with_suffix(".html"))


def test_recorded_h100(tmp_path):
    p = run(tmp_path, "ci_sweep_h100", device="h100")
    assert check(p, None, None, True, []) == []


def test_recorded_h100_asked_for_what_it_lacks(tmp_path):
    p = run(tmp_path, "ci_sweep_h100_asked", device="h100", k_list="1024,2048", iters=50)
    assert check(p, None, None, True, ["ks", "iters"]) == []


def test_unknown_device_stops(tmp_path):
    err = papermill("sweep.ipynb", tmp_path / "a100.ipynb", device="a100", output_dir=str(tmp_path / "reports"))
    assert err is not None, "-p device a100 should stop with an error"
    for msg in ("NoRecordedDataError: no recorded measurements for 'a100'", "recorded devices: h100-sxm", "device='cpu'"):
        assert msg in err, (msg, err[-2000:])


def test_cuda_without_gpu_stops(tmp_path):
    import torch
    if torch.cuda.is_available(): pytest.skip("a GPU is here")
    err = papermill("sweep.ipynb", tmp_path / "cuda.ipynb", device="cuda", output_dir=str(tmp_path / "reports"))
    assert err is not None, "-p device cuda without a GPU should stop with an error"
    assert "no CUDA GPU is present" in err and "a recorded device key (h100-sxm" in err, err[-2000:]
    assert "unknown GPU" not in err
