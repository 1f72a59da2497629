#!/usr/bin/env bash
# Host overhead on the CPU, and the papermill host-overhead report on the recorded H100 run: the profiler breakdown of a CPU function with a planted allocation and sleep (both found),
# the transfer-roofline fit on synthetic timings, the link spec table, h2d/d2h/d2d saying "needs a GPU" as a verdict,
# and bad input (a size of 0, a function that does not exist or raises) as one-line errors with exit status 2.
set -eu
export CEILING_SCOUT_CACHE="${CEILING_SCOUT_CACHE:-$(mktemp -d)}"
out=$(mktemp -d)
python - "$out" <<'PY'
import json, random, sys
from ceiling_scout.cli import run_cli as run
from ceiling_scout.ops.transfers import LINK_SPECS, fit_transfer_roofline, TransferFit
out = sys.argv[1]


def one_line(msg, *argv):
    code, o, e = run(*argv, "--device", "cpu")
    lines = e.strip().splitlines()
    assert code == 2 and len(lines) == 1 and msg in lines[0], f"{argv}: exit {code}, stderr {e!r}"
    print("ok   one-line error:", lines[0])

# the link spec table: per-direction GB/s from the PCIe generations, NVLink-C2C of GH200, each with a source
want = {"pcie3x16": 15.75, "pcie4x16": 31.51, "pcie5x16": 63.02, "nvlink-c2c": 450.0}
for k, v in want.items():
    s = LINK_SPECS[k]
    assert abs(s.gbps_per_direction - v) < 0.01 and s.source.startswith("https://"), s
print("ok   link spec table:", ", ".join(f"{s.name} {s.gbps_per_direction:.2f} GB/s" for s in LINK_SPECS.values()))

# the transfer roofline on synthetic timings: 8 us + bytes / 24 GB/s, +-2 % noise, 4 KiB .. 1 GiB
rng, true = random.Random(1), TransferFit(8.0, 24.0, 0, 0.0)
sizes = [4096 * 4 ** i for i in range(10)]
fit = fit_transfer_roofline(sizes, [true.time_us(b) * (1 + rng.uniform(-0.02, 0.02)) for b in sizes])
assert abs(fit.latency_us - 8.0) < 0.5 and abs(fit.bandwidth_gbps - 24.0) < 1.0, fit
print(f"ok   transfer roofline fit: {fit.latency_us:.2f} us + bytes / {fit.bandwidth_gbps:.2f} GB/s "
      f"(true 8 us, 24 GB/s; n1/2 = {fit.half_bandwidth_bytes / 1024:.0f} KiB)")

# h2d / d2h / d2d on the CPU: a NOT_SUPPORTED verdict whose reason is one line
for op in ("h2d", "d2h", "d2d"):
    code, o, e = run("--operation", op, "--shape", "1048576", "--precision", "fp32", "--device", "cpu",
                     "--warmup", "1", "--iters", "3", "--quiet")
    # exit 3: the run measured nothing (the CLI's exit status for a verdict without a measurement)
    assert code == 3 and "Suggested approach: NOT_SUPPORTED" in o and f"{op} needs a GPU" in o, (op, code, o, e)
    print(f"ok   {op} on the CPU:", next(l.strip() for l in o.splitlines() if "needs a GPU" in l and "Baseline" not in l))

# the profiler breakdown of a CPU function with a planted allocation and a sleep
code, o, e = run("--profile", "examples/host/planted.py:planted", "--profile-steps", "2", "--device", "cpu",
                 "--output", f"{out}/profile.json")
assert code == 0, (code, e)
p = json.load(open(f"{out}/profile.json"))
sleep = [t for t in p["top"] if t["category"] == "python" and t["name"] == "sleep()"]
assert sleep and 25 < sleep[0]["ms"] < 80, p["top"]
assert p["allocation"]["largest_bytes"] == 16 * 2**20 and p["allocation"]["count_largest"] == 1, p["allocation"]
alloc = [a for a in p["advice"] if a["finding"].startswith("allocation")]
assert alloc and alloc[0]["measured"]["fresh_ms"] > 0 and "16.0 MiB is allocated every step" in alloc[0]["recommendation"]
assert abs(sum(p["host_ms"].values()) - p["wall_ms"]) < 0.05 * p["wall_ms"], p["host_ms"]
assert "=== Ceiling Scout: host-overhead profile ===" in o and "sleep()" in o
print(f"ok   profile: wall {p['wall_ms']:.1f} ms/step; sleep() {sleep[0]['ms']:.1f} ms ({sleep[0]['share']:.0%}); "
      f"allocation {p['allocation']['largest_bytes'] / 2**20:.0f} MiB/step, advice: {alloc[0]['finding']}")

# bad input
one_line("shape must be nbytes (all > 0); got 0", "--operation", "h2d", "--shape", "0")
one_line("--pinned and --pageable exclude each other", "--operation", "h2d", "--shape", "4096", "--pinned", "--pageable")
one_line("--pinned is not a flag of --operation d2d", "--operation", "d2d", "--shape", "4096", "--pinned")
one_line("has no function 'nope' (it defines: gpu_case, planted, raises)", "--profile", "examples/host/planted.py:nope")
one_line("--profile file 'missing.py' does not exist", "--profile", "missing.py:f")
one_line("cannot import 'no_such_package.mod'", "--profile", "no_such_package.mod:f")
one_line("examples/host/planted.py:raises raised KeyError: 'missing key'", "--profile", "examples/host/planted.py:raises")
one_line("--profile takes", "--profile", "planted")
one_line("need steps >= 1", "--profile", "examples/host/planted.py:planted", "--profile-steps", "0")
PY
# the same error from a real process: one line on stderr, exit status 2, no traceback
if python -m ceiling_scout --profile examples/host/planted.py:raises --device cpu > "$out/o.txt" 2> "$out/e.txt"; then
  echo "FAIL: a raising function should exit 2"; exit 1; fi
[ "$(wc -l < "$out/e.txt")" -eq 1 ] && grep -q "raised KeyError" "$out/e.txt" || { echo "FAIL: stderr:"; cat "$out/e.txt"; exit 1; }
echo "ok   process: $(cat "$out/e.txt")"
# the papermill report on the recorded H100 run: JSON, HTML without code and the executed notebook, nothing replaced
papermill nbs/host_overhead.ipynb "$out/ho.ipynb" -p recorded data/recorded/h100-sxm/gpu_host_overhead.json \
  -p output_dir "$out/reports" -k python3 --log-level WARNING 2> "$out/ho.log" || { tail -20 "$out/ho.log"; exit 1; }
python -c "
import json, sys
from ceiling_scout.reports.bundle import bundle_problems
p = sys.argv[1]; bad = bundle_problems(p); d = json.load(open(p))
assert not bad and d['source'].startswith('recorded') and d['transfer_sweep']['rows'] and d['profiles'], (bad, list(d))
print('ok   host_overhead.ipynb on the recorded H100 run: JSON + HTML + notebook')" "$out/reports/host_overhead.json"
! grep -q "In \[" "$out/reports/host_overhead.html"
echo "host checks passed"
