"""Host overhead on the CPU, and the papermill host-overhead report on the recorded H100 run: the profiler breakdown of a
CPU function with a planted allocation and sleep (both found), the transfer-roofline fit on synthetic timings, the link
spec table, h2d/d2h saying "needs a GPU" as a verdict (d2d runs on a CPU as a copy within host memory), and bad input (a size of 0, a function that does not exist
or raises) as one-line errors with exit status 2."""
import json, random
import pytest
from support import ROOT, assert_one_line, cs, no_code_in_html, papermill, run_cli


def test_link_spec_table():
    from ceiling_scout.ops.transfers import LINK_SPECS
    want = {"pcie3x16": 15.75, "pcie4x16": 31.51, "pcie5x16": 63.02, "nvlink-c2c": 450.0}
    for k, v in want.items():
        s = LINK_SPECS[k]
        assert abs(s.gbps_per_direction - v) < 0.01 and s.source.startswith("https://"), s


def test_transfer_roofline_fit():
    "8 us + bytes / 24 GB/s, +-2 % noise, 4 KiB .. 1 GiB: the fit finds both."
    from ceiling_scout.ops.transfers import fit_transfer_roofline, TransferFit
    rng, true = random.Random(1), TransferFit(8.0, 24.0, 0, 0.0)
    sizes = [4096 * 4 ** i for i in range(10)]
    fit = fit_transfer_roofline(sizes, [true.time_us(b) * (1 + rng.uniform(-0.02, 0.02)) for b in sizes])
    assert abs(fit.latency_us - 8.0) < 0.5 and abs(fit.bandwidth_gbps - 24.0) < 1.0, fit


@pytest.mark.parametrize("op", ["h2d", "d2h"])
def test_copies_need_a_gpu(op, tmp_path):
    "On the CPU: a NOT_SUPPORTED verdict (exit 3: nothing measured) whose reason names the GPU."
    code, o, e = run_cli("--operation", op, "--shape", "1048576", "--precision", "fp32", "--device", "cpu",
                         "--warmup", "1", "--iters", "3", "--quiet", "--output", str(tmp_path / "r.json"))
    assert code == 3, (code, e)
    r = json.loads((tmp_path / "r.json").read_text())
    r = r["reports"][0] if "reports" in r else r
    assert r["approach"] == "NOT_SUPPORTED" and "needs a GPU" in json.dumps(r), r


def test_d2d_on_the_cpu(tmp_path):
    "d2d on a CPU is a copy within host memory: measured, checked, judged against the CPU's measured copy bandwidth."
    code, o, e = run_cli("--operation", "d2d", "--shape", "67108864", "--device", "cpu", "--warmup", "1", "--iters",
                         "3", "--quiet", "--output", str(tmp_path / "r.json"))
    assert code == 0, (code, e)
    r = json.loads((tmp_path / "r.json").read_text())
    r = r["reports"][0] if "reports" in r else r
    assert r["approach"] == "NONE" and r["status"] == "ok" and r["check"]["passed"] and r["baseline_gbps"] > 0, r
    assert r["measured_bandwidth_gbps"] > 0 and r["evidence"]["judged_against"].startswith("the measured copy"), r


def test_profile_planted(tmp_path):
    "The profiler finds the planted sleep (python category) and the 16 MiB allocation per step."
    code, o, e = run_cli("--profile", "examples/host/planted.py:planted", "--profile-steps", "2", "--device", "cpu",
                         "--output", str(tmp_path / "profile.json"))
    assert code == 0, (code, e)
    p = json.loads((tmp_path / "profile.json").read_text())
    sleep = [t for t in p["top"] if t["category"] == "python" and t["name"] == "sleep()"]
    assert sleep and 25 < sleep[0]["ms"] < 80, p["top"]
    assert p["allocation"]["largest_bytes"] == 16 * 2**20 and p["allocation"]["count_largest"] == 1, p["allocation"]
    alloc = [a for a in p["advice"] if a["finding"].startswith("allocation")]
    assert alloc and alloc[0]["measured"]["fresh_ms"] > 0, p["advice"]
    assert abs(sum(p["host_ms"].values()) - p["wall_ms"]) < 0.05 * p["wall_ms"], p["host_ms"]
    assert "sleep()" in o


BAD = [("shape must be nbytes (all > 0); got 0", "--operation", "h2d", "--shape", "0"),
       ("--pinned and --pageable exclude each other", "--operation", "h2d", "--shape", "4096", "--pinned", "--pageable"),
       ("--pinned is not a flag of --operation d2d", "--operation", "d2d", "--shape", "4096", "--pinned"),
       ("has no function 'nope' (it defines: gpu_case, planted, raises)", "--profile", "examples/host/planted.py:nope"),
       ("--profile file 'missing.py' does not exist", "--profile", "missing.py:f"),
       ("cannot import 'no_such_package.mod'", "--profile", "no_such_package.mod:f"),
       ("examples/host/planted.py:raises raised KeyError: 'missing key'", "--profile", "examples/host/planted.py:raises"),
       ("--profile takes", "--profile", "planted"),
       ("need steps >= 1", "--profile", "examples/host/planted.py:planted", "--profile-steps", "0")]


@pytest.mark.parametrize("msg,argv", [(b[0], b[1:]) for b in BAD], ids=[b[0][:30] for b in BAD])
def test_bad_input_one_line(msg, argv):
    code, o, e = run_cli(*argv, "--device", "cpu")
    assert_one_line(code, e, msg)


def test_raising_function_in_a_process():
    "The same error from a real process: one line on stderr, exit status 2, no traceback."
    p = cs("--profile", "examples/host/planted.py:raises", "--device", "cpu")
    assert_one_line(p.returncode, p.stderr, "raised KeyError")


def test_host_overhead_notebook_recorded(tmp_path):
    "nbs/host_overhead.ipynb on the recorded H100 run: JSON + HTML without code + the executed notebook."
    from ceiling_scout.reports.bundle import bundle_problems
    err = papermill("host_overhead.ipynb", tmp_path / "ho.ipynb", output_dir=str(tmp_path / "reports"),
                    recorded=str(ROOT / "data/recorded/h100-sxm/gpu_host_overhead.json"))
    assert err is None, err
    p = tmp_path / "reports" / "host_overhead.json"
    bad, d = bundle_problems(p), json.loads(p.read_text())
    assert not bad and d["source"].startswith("recorded") and d["transfer_sweep"]["rows"] and d["profiles"], (bad, list(d))
    assert no_code_in_html(tmp_path / "reports" / "host_overhead.html")
