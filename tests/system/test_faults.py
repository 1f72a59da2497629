#!/usr/bin/env python
"""Fault injection (issue 12): each case of 'never lose a result, never trust a poisoned number' as a test.

Every case asserts that nothing already written is lost, that an error is one line without a traceback, and the exit code.
Runs on the CPU with tiny shapes and a shared temporary CEILING_SCOUT_CACHE; prints one line per case and a summary
(tried, handled, lost, wrong). Usage: python -m pytest tests/system/test_faults.py, or
python tests/system/test_faults.py [--no-fuzz]
"""
import contextlib, io, json, math, multiprocessing as mp, os, signal, subprocess, sys, tempfile, time, warnings
import pytest
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TMP = Path(os.environ.setdefault("CS_FAULTS_TMP", tempfile.mkdtemp(prefix="cs-faults-")))  # shared with worker processes
os.environ.setdefault("CEILING_SCOUT_CACHE", str(TMP / "cache"))
ENV = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
C = ["--device", "cpu", "--warmup", "1", "--iters", "5", "--quiet", "--precision", "fp32"]
RESULTS = []  # (case, outcome) with outcome one of handled, lost, wrong
CASES = []    # (name, function), run in order by `run_cases` (never at import: worker processes import this file)


def cli(*argv, timeout=120):
    "Run the CLI in a fresh process: (exit code, stdout, stderr)."
    p = subprocess.run([sys.executable, "-m", "ceiling_scout", *argv], capture_output=True, text=True, env=ENV, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def cli_in(*argv):
    "Run the CLI in this process (no interpreter start-up; the shared cache): (exit status, stdout, stderr)."
    from ceiling_scout.cli import run_cli
    return run_cli(*argv)


def one_line(err: str) -> bool:
    return "Traceback" not in err and len([l for l in err.strip().splitlines() if l.strip()]) <= 1


def case(name):
    "Decorator: register a case."
    def deco(f): CASES.append((name, f)); return f
    return deco


def run_case(name, f):
    "Run a case, record handled / lost (an AssertionError naming 'lost') / wrong (any other failure)."
    if True:
        t0 = time.perf_counter()
        try: f(); outcome = "handled"
        except AssertionError as e: outcome = "lost" if "lost" in str(e) else "wrong"; print(f"  {name}: {e}")
        except Exception as e: outcome = "wrong"; print(f"  {name}: {type(e).__name__}: {e}")
        RESULTS.append((name, outcome)); print(f"{outcome:<8} {name} ({time.perf_counter() - t0:.1f} s)", flush=True)


def report_file(path: Path, n: int = 1, shape=(32, 32, 32)) -> Path:
    "A real report file (measured once, then copied) with `n` reports."
    src = TMP / f"src-{'x'.join(map(str, shape))}.jsonl"
    if not src.exists():
        code, _, err = cli("--shape", ",".join(map(str, shape)), *C, "--output", str(src))
        assert code == 0, err
    line = src.read_text().splitlines()[0]
    path.write_text("\n".join([line] * n) + "\n")
    return path


def load(path):
    from ceiling_scout import load_reports
    with warnings.catch_warnings(): warnings.simplefilter("ignore"); return load_reports(path)


# 1. --cache pointed at a report
@case("1 --cache at a report (.jsonl, .json) is refused, the report kept")
def _():
    for suffix in (".jsonl", ".json"):
        r = report_file(TMP / f"results{suffix}", 2); before = r.read_bytes()
        code, out, err = cli_in("--shape", "32,32,32", *C, "--cache", str(r))
        assert code == 2 and one_line(err), (code, err)
        assert r.read_bytes() == before, f"lost: {r} changed"


# 2. K sweep into an existing .jsonl appends
@case("2 --k-sweep --output existing.jsonl appends")
def _():
    r = report_file(TMP / "sweep.jsonl", 2)
    code, out, err = cli("--shape", "32,32,32", *C, "--k-sweep", "--k-list", "16,32", "--output", str(r))
    assert code in (0, 3), err
    assert len(load(r)) == 4, f"lost: {len(load(r))} reports, expected 4"


# 3. poisoned caches
@case("3 poisoned cache values are rejected and re-measured")
def _():
    from ceiling_scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
    from ceiling_scout.engine.ceilings import environment_key, ceiling_key, search_plan, check_peak
    from ceiling_scout.engine.core import capture_environment
    cache = TMP / "poison.json"
    scout = lambda: CeilingScout(ScoutConfig("cpu", MeasureConfig.fixed(1, 5),
                                             search=SearchConfig(shapes=[(64, 64, 64)], per_shape_s=0.02), cache=cache))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        truth = scout().detect_ceiling("gemm", (64, 64, 64), "fp32")
        good = json.loads(cache.read_text())
        key = ceiling_key(capture_environment("cpu"), search_plan("cpu", shapes=[(64, 64, 64)], per_shape_s=0.02))
        assert list(good) == [key] and key.startswith(environment_key(capture_environment("cpu"))), list(good)
        for where, bad in [("matmul", 1e30), ("matmul", -5.0), ("matmul", float("nan")), ("matmul", "5x"),
                           ("copy", 0.0), ("copy", -1.0), ("copy", 1e30)]:
            d = json.loads(json.dumps(good))
            if where == "copy": d[key]["copy"]["value"] = bad
            elif bad == "5x": d[key]["matmul"]["fp32"]["burst"]["value"] *= 5   # plausible for a CPU, not for its windows
            else: d[key]["matmul"]["fp32"]["burst"]["value"] = bad
            if bad == "5x" and check_peak(d[key]["matmul"]["fp32"]["burst"], "matmul", None)[1] is None:
                continue   # the first search's own windows spread over 5x (a loaded CI): nothing to see it by
            cache.write_text(json.dumps(d))
            v = scout().detect_ceiling("gemm", (64, 64, 64), "fp32")
            assert "rejected" in " ".join(v.warnings), (where, bad, v.warnings)
            c = v.ceiling.measured_peak_tflops if where == "matmul" else v.ceiling.measured_bandwidth_gbps
            assert c is not None and 0 < c < 1e4 and (v.efficiency is None or v.efficiency > 0), (where, bad, c)
            # the poisoned number is not the one judged (a load-dependent verdict is not asserted: a busy CI's re-measured
            # peak may be far from the first, and the floor check then measures it again, keeping the "rejected" note)
            poisoned = good[key]["matmul"]["fp32"]["burst"]["value"] * 5 if bad == "5x" else bad
            assert c != poisoned, (where, bad, c)


# 4. a failed write after measuring keeps the result
@case("4 full disk on --output: verdict printed, result kept, exit 4")
def _():
    import ceiling_scout.cli as cli_mod
    real = cli_mod.write_report   # the CLI's one writer
    def full(p, *a, **k):
        if str(p).startswith(str(TMP / "full")): raise OSError(28, "No space left on device")
        return real(p, *a, **k)
    cli_mod.write_report = full
    o, e = io.StringIO(), io.StringIO(); (TMP / "full").mkdir(exist_ok=True)
    try:
        with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
            code = cli_mod.main(["--shape", "32,32,32", *C, "--output", str(TMP / "full" / "r.json")])
    finally: cli_mod.write_report = real
    assert code == 4 and one_line(e.getvalue()) and "Efficiency" in o.getvalue(), (code, e.getvalue())
    kept = Path(e.getvalue().split("kept in ")[1].split()[0].rstrip(";"))
    assert load(kept)[0].shape == [32, 32, 32], "lost: the fallback file has no report"


@case("4 --cache under a file, or a directory: refused before measuring")
def _():
    f = TMP / "afile"; f.write_text("x")
    for bad in (f / "c.json", TMP):
        code, out, err = cli_in("--shape", "32,32,32", *C, "--cache", str(bad))
        assert code == 2 and one_line(err) and out == "", (bad, code, err)
    assert f.read_text() == "x", "lost: afile changed"


@case("4 --output /proc/version refused")
def _():
    code, out, err = cli_in("--shape", "32,32,32", *C, "--output", "/proc/version")
    assert code == 2 and one_line(err), (code, err)


@case("4 read-only cache: the run completes with a note")
def _():
    from ceiling_scout.engine.ceilings import CeilingStore, PeakMeasurement
    st = CeilingStore(TMP / "ro" / "c.json")
    import ceiling_scout.engine.ceilings as cm
    real = cm.CeilingStore._save
    def ro(self, data): raise OSError(30, "Read-only file system")
    cm.CeilingStore._save = ro
    try:
        pk = PeakMeasurement("copy", None, "burst", 10.0, "GB/s", None, 1.0, {}, {}, [], "now")
        with warnings.catch_warnings(): warnings.simplefilter("ignore"); msg = st.put("k", pk)
    finally: cm.CeilingStore._save = real
    assert msg and "Read-only" in msg, msg


# 5. appending after a cut last line
@case("5 append after a cut last line: fresh line, file loadable")
def _():
    r = report_file(TMP / "cut.jsonl", 2)
    r.write_text(r.read_text() + r.read_text().splitlines()[0][:150])
    for _ in range(2):
        code, out, err = cli_in("--shape", "32,32,32", *C, "--output", str(r))
        assert code == 0, err
    assert len(load(r)) == 4, f"lost: {len(load(r))} of 4 reports load"


# 6. existing .json
@case("6 --output existing.json refused; --force keeps the old as .bak")
def _():
    r = report_file(TMP / "one.json.src", 1); target = TMP / "one.json"
    target.write_text(json.dumps(json.loads(r.read_text().splitlines()[0]))); before = target.read_text()
    code, out, err = cli_in("--shape", "32,32,32", *C, "--output", str(target))
    assert code == 2 and one_line(err) and "--force" in err and target.read_text() == before, (code, err)
    code, out, err = cli("--shape", "32,32,32", *C, "--output", str(target), "--force")
    assert code == 0 and Path(str(target) + ".bak").read_text() == before, "lost: the replaced report is not in .bak"


# 7. noise and strict JSON
@case("7 --iters 1: too noisy, no priority, strict JSON")
def _():
    code, out, err = cli_in("--shape", "32,32,32", *C[:4], "--iters", "1", "--quiet", "--precision", "fp32", "--json")
    d = json.loads(out, parse_constant=lambda c: (_ for _ in ()).throw(ValueError(c)))
    assert code == 0 and d["priority"] == "NONE" and d["approach"] == "CHECK_MEASUREMENT" and "Too noisy" in d["recommendation"], d


# 8. huge shapes
@case("8 --shape 100000,100000,100000: refused before allocating, exit 3")
def _():
    t0 = time.perf_counter()
    code, out, err = cli_in("--shape", "100000,100000,100000", *C)
    assert code == 3 and one_line(err) and "before allocating" in err and time.perf_counter() - t0 < 30, (code, err)


# 9. emulated precision, bounded search
@case("9 --precision fp16 on the CPU: bounded search, 'emulated' said where it is")
def _():
    t0 = time.perf_counter()
    code, out, err = cli("--shape", "64,64,64", *C[:6], "--quiet", "--precision", "fp16", "--json", "--cache", str(TMP / "fp16.json"),
                         timeout=120)
    assert code == 0 and time.perf_counter() - t0 < 60, (code, err)
    from ceiling_scout.engine.ceilings import cpu_emulated
    if cpu_emulated("fp16"): assert "emulated" in " ".join(json.loads(out)["warnings"]), json.loads(out)["warnings"]


# 10. foreign caches and concurrent writers
@case("10 foreign caches ([1,2,3], extra/missing keys): treated as empty, no traceback")
def _():
    from ceiling_scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
    for i, text in enumerate(["[1, 2, 3]", '{"k": {"copy": {"value": 1}}}', '{"k": 5}', "{not json"]):
        c = TMP / f"foreign{i}.json"; c.write_text(text)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            v = CeilingScout(ScoutConfig("cpu", MeasureConfig.fixed(1, 5),
                                         search=SearchConfig(shapes=[(64, 64, 64)],
                                                             per_shape_s=0.02), cache=c)).detect_ceiling("gemm",
                                                                                                         (64, 64,
                                                                                                          64), "fp32")
        assert v.baseline.ok and v.ceiling.measured_peak_tflops, (text, v.warnings)
        if i != 1: assert Path(str(c) + ".unreadable").read_text() == text, "lost: the foreign file was not kept"


def _writer(args):
    path, w = args
    from ceiling_scout.engine.ceilings import CeilingStore, PeakMeasurement
    st = CeilingStore(path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for i in range(40):
            st.put(f"env-{w}-{i}", PeakMeasurement("copy", None, "burst", 1.0 + i, "GB/s", None, 1.0, {}, {}, [], "now"))


@case("10 concurrent writers: 4 processes x 40 entries, none lost")
def _():
    path = TMP / "concurrent.json"
    with mp.get_context("spawn").Pool(4) as pool: pool.map(_writer, [(path, w) for w in range(4)])
    n = len(json.loads(path.read_text()))
    assert n == 160, f"lost: {160 - n} of 160 entries"
    assert not list(TMP.glob(".concurrent.json.*.tmp")), "temporary files left behind"


# 11. exit codes and ignored flags
@case("11 nothing measured (fp8 on the CPU) exits 3")
def _():
    code, out, err = cli_in("--shape", "64,64,64", *C[:6], "--quiet", "--precision", "fp8")
    assert code == 3 and "NOT_SUPPORTED" in out, (code, err)


@case("11 flags without their mode's trigger are refused in one line")
def _():
    for extra in (["--k-list", "64"], ["--k-min", "64"], ["--pattern", "block"], ["--block-size", "32"], ["--tensor", "w"],
                  ["--output", ""], ["--k-sweep", "--k-list", ""]):
        code, out, err = cli_in("--shape", "64,64,64", *C, *extra)
        assert code == 2 and one_line(err), (extra, code, err)


@case("11 from Python: warmup=2.5 and causal='False' raise one-line errors")
def _():
    from ceiling_scout import CeilingScout, ScoutConfig, MeasureConfig, SearchConfig
    from ceiling_scout.engine.core import CeilingScoutError
    from ceiling_scout.engine.workloads import make_workload
    for f in (lambda: CeilingScout(ScoutConfig("cpu", MeasureConfig.fixed(2.5))),
              lambda: make_workload("attention", "1,2,64,32", "bf16", causal="False")):
        try: f(); raise AssertionError("accepted")
        except CeilingScoutError as e: assert len(str(e).splitlines()) == 1


@case("11 the loader refuses NaN, negative efficiency and ceiling, shape []")
def _():
    from ceiling_scout import load_reports
    from ceiling_scout.engine.report import ReportError
    base = json.loads(report_file(TMP / "l.jsonl").read_text().splitlines()[0])
    for k, v in (("efficiency", -0.5), ("ceiling_tflops", -1.0), ("shape", [])):
        p = TMP / "bad.json"; p.write_text(json.dumps({**base, k: v}))
        try: load_reports(p); raise AssertionError(f"accepted {k}={v}")
        except ReportError: pass
    p.write_text(json.dumps(base).replace('"efficiency": ', '"efficiency": NaN, "x": ', 1))
    try: load_reports(p); raise AssertionError("accepted NaN")
    except ReportError: pass


# 12. SIGINT mid-sweep
@case("12 SIGINT mid-sweep: exit 130, finished points kept")
def _():
    out = TMP / "sigint.jsonl"
    # points long enough (up to ~0.3 s a call, 50 calls) that the sweep is still running when the signal arrives
    p = subprocess.Popen([sys.executable, "-m", "ceiling_scout", "--shape", "256,256,256", *C, "--iters", "50",
                          "--k-sweep", "--k-list", ",".join(str(4096 * i) for i in range(1, 41)), "--output", str(out)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=ENV, text=True,
                         # a shell's background job inherits SIGINT ignored, and Python then never raises
                         # KeyboardInterrupt: give the child the default disposition, as a terminal would
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    t0 = time.time()   # the first point's ceiling search took over 90 s on a loaded CI (2026-11-30): wait up to 240
    while time.time() - t0 < 240 and not (out.exists() and out.read_text().count("\n") >= 1): time.sleep(0.2)
    assert out.exists(), f"no point finished within 240 s: the signal would test nothing ({p.poll()=})"
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and "Traceback" not in err, (p.returncode, err[-300:])
    assert len(load(out)) >= 1, "lost: no finished point in the file"


# the leftovers of the first pass
@case("4 sparse mode, full disk on --output: verdict printed, result kept, exit 4")
def _():
    import ceiling_scout.cli as cli_mod
    real = cli_mod.write_report   # the CLI writes every mode's result
    def full(p, *a, **k): raise OSError(28, "No space left on device")
    cli_mod.write_report = full
    try: code, out, err = cli_in("--shape", "128,32,128", "--sparsity", "0.5", "--block-size", "32", *C,
                                 "--output", str(TMP / "sparse.json"))
    finally: cli_mod.write_report = real
    assert code == 4 and one_line(err) and "Suggested approach:" in out and "No space left" in err, (code, err)
    kept = Path(err.split("kept in ")[1].split()[0].rstrip(";"))
    assert load(kept)[0].operation == "sparse_gemm", "lost: the fallback file has no sparse report"


@case("11 --block-size 0, negative, not dividing M and K, or with another pattern: one line naming it, exit 2")
def _():
    for b, needle in (("0", "got 0"), ("-32", "got -32"), ("48", "got 48"), ("7", "(e.g. 8, 16, 32, 64); got 7")):
        code, out, err = cli_in("--shape", "64,32,64", "--sparsity", "0.5", "--block-size", b, *C)
        assert code == 2 and one_line(err) and "--block-size must be a positive integer dividing M=64 and K=64" in err \
            and needle in err and out == "", (b, code, err)
    code, out, err = cli_in("--shape", "64,32,64", "--sparsity", "0.5", "--pattern", "24", "--block-size", "32", *C)
    assert code == 2 and one_line(err) and "--pattern block only" in err, (code, err)


@case("12 NaN/Inf weights file: one line naming the file and the count of bad values, exit 2")
def _():
    import numpy as np, torch
    m = torch.ones(64, 64); m[0, :5] = float("nan"); m[3, 3] = float("-inf")
    torch.save({"w": m}, TMP / "nan.pt"); np.save(TMP / "nan.npy", m.numpy())
    for f in ("nan.pt", "nan.npy"):
        code, out, err = cli_in("--shape", "16", "--weights", str(TMP / f), *C)
        assert code == 2 and one_line(err) and f"{TMP / f} holds 6 NaN/Inf values of 4096" in err, (f, code, err)


@case("12 unwritable papermill output_dir: one line before measuring; a bundle write that fails keeps the files")
def _():
    f = TMP / "notadir"; f.write_text("x")
    t0 = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "papermill", str(ROOT / "nbs" / "sweep.ipynb"), str(TMP / "pm.ipynb"),
                        "-p", "device", "cpu", "-p", "output_dir", str(f / "reports"), "-r", "k_list", "64",
                        "--log-level", "ERROR"], capture_output=True, text=True, env=ENV, timeout=120)
    msg = [l for l in p.stderr.splitlines() if l.startswith("CeilingScoutError: output_dir")]
    assert p.returncode != 0 and len(msg) == 1 and "nothing was measured" in msg[0], (p.returncode, p.stderr[-400:])
    import nbformat
    code = [c for c in nbformat.read(str(TMP / "pm.ipynb"), as_version=4).cells if c.cell_type == "code"]
    i = next(j for j, c in enumerate(code) if "sweep_report(" in c.source)   # the call that checks the folder first
    assert not any(c.get("execution_count") for c in code[i + 1:]), "cells ran after the folder was refused"
    from ceiling_scout.reports.bundle import write_bundle, BundleWriteError
    try: write_bundle(f / "later", "r", {"tflops": 1.0}, log=lambda l: None); raise AssertionError("no error")
    except BundleWriteError as e:
        assert one_line(str(e)) and "kept in " in str(e), str(e)
        kept = [q for q in e.bundle.written if q.name == "r.json"]
        assert kept and json.loads(kept[0].read_text()) == {"tflops": 1.0}, "lost: the report is in no fallback file"
    assert time.perf_counter() - t0 < 60


@case("8 Ctrl-C during a huge allocation: exit 130, finished point kept, nothing half-written")
def _():
    out = TMP / "alloc.jsonl"
    # the second point allocates A and B of 1 GiB each (under the memory check): the signal lands while it allocates
    p = subprocess.Popen([sys.executable, "-m", "ceiling_scout", "--shape", "2048,2048,64", *C, "--k-sweep",
                          "--k-list", "64,131072", "--output", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env=ENV, text=True, preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    t0 = time.time()
    while time.time() - t0 < 90 and not (out.exists() and out.read_text().count("\n") >= 1): time.sleep(0.05)
    time.sleep(0.3); p.send_signal(signal.SIGINT); t1 = time.time()
    _, err = p.communicate(timeout=60)
    assert p.returncode == 130 and one_line(err) and "interrupted" in err, (p.returncode, err[-300:])
    assert time.time() - t1 < 30, f"exit {time.time() - t1:.0f} s after the signal"
    reps = load(out)
    assert len(reps) == 1 and reps[0].shape[2] == 64, f"lost: {len(reps)} points kept, expected the finished K=64"
    assert out.read_text().endswith("\n") and not list(TMP.glob("*.tmp")), "half-written file left"


def fuzz(seconds: float = 45.0):
    "Property: any combination of these arguments exits 0, 2 or 3, never with a traceback (in-process, shared cache)."
    from hypothesis import given, settings, strategies as st, HealthCheck
    import ceiling_scout.cli as cli_mod
    tokens = st.sampled_from(["--shape", "32,32,32", "16,16", "0,1,2", "a,b", "", "-1", "--precision", "fp32", "fp8", "tf32", "xx",
                              "--operation", "gemm", "attention", "layernorm", "--k-sweep", "--k-list", "16", "--iters", "2", "0",
                              "2.5", "--warmup", "1", "--causal", "--kv-heads", "--sparsity", "0.5", "--json", "--quiet",
                              "--output", "--force", "--device", "cpu", "gpu", "--target-ci", "--max-time", "1e9", "nan"])
    deadline = time.perf_counter() + seconds
    seen = []
    @settings(max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(tokens, max_size=8))
    def prop(argv):
        if time.perf_counter() > deadline: return
        argv = [a if a != "--output" else "--output" for a in argv]
        o, e = io.StringIO(), io.StringIO()
        with contextlib.redirect_stdout(o), contextlib.redirect_stderr(e):
            try: code = cli_mod.main(["--device", "cpu", "--iters", "2", "--warmup", "0", *argv])
            except SystemExit as x: code = x.code
        seen.append(code)
        assert code in (0, 2, 3), (argv, code, e.getvalue()[-400:])
        assert "Traceback" not in e.getvalue(), (argv, e.getvalue()[-400:])
    os.chdir(TMP)  # any --output lands in the temporary folder
    prop()
    return seen


@pytest.mark.parametrize("name", [n for n, _ in CASES])
def test_fault_case(name):
    "One case: nothing lost, a one-line error, the exit code (an AssertionError naming 'lost' means a result was lost)."
    dict(CASES)[name]()


def test_fuzz_cli_arguments(monkeypatch):
    "Random CLI arguments exit 0, 2 or 3, never a traceback."
    monkeypatch.chdir(TMP)
    seen = fuzz()
    print(f"fuzz: {len(seen)} argument lists, exit codes {sorted(set(seen))}")


if __name__ == "__main__":
    if "--no-fuzz" not in sys.argv:
        @case("fuzz: random CLI arguments exit 0, 2 or 3, never a traceback")
        def _():
            seen = fuzz()
            print(f"  fuzz: {len(seen)} argument lists, exit codes {sorted(set(seen))}")
    for name, f in CASES: run_case(name, f)
    n = {k: sum(o == k for _, o in RESULTS) for k in ("handled", "lost", "wrong")}
    print(f"fault cases: tried {len(RESULTS)}, handled {n['handled']}, lost {n['lost']}, wrong {n['wrong']}")
    sys.exit(0 if n["handled"] == len(RESULTS) else 1)
