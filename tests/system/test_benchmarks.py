"""The measurement scripts of issue 9 in their CPU smoke modes: adaptive vs fixed on a tiny K sweep, GEMM verdicts with
kernel-counter evidence (a note on the CPU), the explorers driven through their widgets (verdicts, a fixed sweep, Stop
and Interrupt), the ceiling-vs-peer benchmark (both cold searches, the user's ceiling cache untouched, the peer's
result block parsed); the recordings load back through the library's loader, and a bad argument is one line on
stderr with exit status 2; the CLI's --stop stdrel."""
import json, os, sys
from support import ROOT, assert_one_line, proc, run_cli


def script(name, *argv, env=None):
    p = proc("python", ROOT / "benchmarks" / name, *argv, env=env)
    assert p.returncode == 0, f"{name} {' '.join(map(str, argv))}: exit {p.returncode}\n{p.stdout[-2000:]}{p.stderr[-2000:]}"
    return p


def test_adaptive_vs_fixed_smoke(tmp_path):
    from ceiling_scout.reports.recorded import load_recorded
    script("adaptive_vs_fixed.py", "--smoke", "--ks", "64,128", "--out", tmp_path / "avf.json")
    r = load_recorded(tmp_path / "avf.json")
    s, pts = r.extra["summary"], r.extra["points"]
    assert s["points"] == 2 and len(pts) == 2 and not r.extra["errors"], r.extra
    for p in pts:
        assert p["fixed"]["n"] == 200 and p["fixed"]["stop"]["name"] == "fixed", p["fixed"]
        assert p["adaptive"]["stop"]["name"] == "stdrel" and p["adaptive"]["warmup_rule"] == "settle", p["adaptive"]
        assert p["fixed"]["regime_basis"] == "loop length" and p["fixed"]["clock_regime"] == "unknown"


def test_adaptive_vs_fixed_bad_stop(tmp_path):
    p = proc("python", ROOT / "benchmarks" / "adaptive_vs_fixed.py", "--smoke", "--stop", "nope", "--out", tmp_path / "x.json")
    assert p.returncode != 0, "--stop nope should fail"
    assert_one_line(p.returncode, p.stderr, "stop must be an adaptive criterion", status=p.returncode)


def test_gpu_evidence_smoke(tmp_path):
    from ceiling_scout.reports.recorded import load_recorded
    from ceiling_scout.engine.ncu import kernel_evidence_of
    script("gpu_evidence.py", "--smoke", "--out", tmp_path / "ev.json")
    ev = kernel_evidence_of(load_recorded(tmp_path / "ev.json").reports[0])
    assert ev is not None and not ev.available and ev.note, ev


def test_gpu_explorer_smoke(tmp_path):
    from ceiling_scout.reports.recorded import load_recorded
    script("gpu_explorer.py", "--smoke", "--out", tmp_path / "gx.json")
    g = load_recorded(tmp_path / "gx.json")
    cases, ks = g.extra["sections"]["explorer"]["cases"], g.extra["sections"]["ksweep"]
    assert [c["operation"] for c in cases] == ["gemm", "layernorm"] and all(c["ok"] and not c["errors_shown"] for c in cases)
    assert all(c["roofline"]["json_ok"] and c["roofline"]["y_title"] == "throughput (GFLOP/s)" for c in cases), cases
    assert ks["fixed"]["library_k"] == [32, 64, 96] and ks["fixed"]["table_rows"] == 3, ks["fixed"]
    for how in ("Stop", "Interrupt"):
        assert ks[how]["third_point_started"] and not ks[how]["thread_alive"] and 2 <= ks[how]["points_kept"] <= 3, ks[how]


def test_ceiling_vs_peer_smoke(tmp_path):
    from ceiling_scout.reports.recorded import recorded_from_dict
    cache = tmp_path / "cache"; cache.mkdir()
    script("ceiling_vs_peer.py", "--smoke", "--out", tmp_path / "cvp.json", env={**os.environ, "CEILING_SCOUT_CACHE": str(cache)})
    d = json.loads((tmp_path / "cvp.json").read_text()); rec = recorded_from_dict(d)
    s = d["extra"]["sections"]["fp32"]
    assert s["ours_cold1"]["tflops"] > 0 and s["ours_cold2"]["tflops"] > 0 and "skipped" in s["peer"], s
    assert {"fp32/burst/cold1", "fp32/burst/cold2"} <= set(rec.ceilings), rec.ceilings
    assert not list(cache.iterdir()), "the smoke run wrote into the ceiling cache"


def test_ceiling_vs_peer_parses_the_peer():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try: from ceiling_vs_peer import parse_peer
    finally: sys.path.remove(str(ROOT / "benchmarks"))
    text = ("warmup\r     1 | 700.1(mean) 701.0(median) 710.0(max) @ 2048x2048x8192 | best: ...\n\n"
            "Tried 18 shapes => the best outcomes were:\nmean:   790.2 TFLOPS @ 2048x2048x13312 (MxNxK)\n"
            "median: 798.0 TFLOPS @ 2048x2048x13312 (MxNxK)\nmax:    810.5 TFLOPS @ 4096x2048x13312 (MxNxK)\n\n"
            "Elapsed time: 0:00:40\n")
    got = parse_peer(text)
    assert got["median"] == (798.0, "2048x2048x13312") and got["max"][0] == 810.5 and got["elapsed"] == "0:00:40", got


def test_cli_stop_stdrel(tmp_path):
    code, o, e = run_cli("--operation", "gemm", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--stop",
                         "stdrel", "--max-time", "2", "--json")
    assert code == 0, e[-2000:]
    m = json.loads(o)["method"]
    assert m["stop"]["name"] == "stdrel" and m["regime_basis"] == "loop length", m


def test_record_reports(tmp_path):
    "GPU reports become a recording that loads back; CPU reports, a missing file or an existing --out: one line, exit 2."
    from ceiling_scout.reports.recorded import load_recorded
    raw = ROOT / "data" / "raw" / "h100-sxm" / "issue25_2026-11-26" / "call_c_power_runs.jsonl"
    out = tmp_path / "power_runs.json"
    script("record_reports.py", "--reports", raw, "--command", "ceiling-scout ...", "--out", out)
    rec = load_recorded(out)
    assert len(rec.reports) == 6 and rec.provenance["environment"]["device_type"] == "cuda", rec.provenance
    assert rec.reports[1].power["clock_efficiency"] > 0.85 and rec.reports[1].approach == "POWER_BOUND"
    for argv, why in (([raw, out], "exists"), ([tmp_path / "none.jsonl", tmp_path / "x.json"], "--reports")):
        p = proc("python", ROOT / "benchmarks" / "record_reports.py", "--reports", argv[0], "--command", "c",
                 "--out", argv[1])
        assert_one_line(p.returncode, p.stderr, why)
