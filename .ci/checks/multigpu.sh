#!/usr/bin/env bash
# Several ranks on the CPU (issue 15): torchrun --nproc_per_node 2 with gloo runs (1) the collective benchmark at a few
# small sizes, (2) a sharded 4-point K sweep, and (3) a run where rank 1 fails at once, which must end with a message
# naming the rank, not hang. Asserts every collective passed its check, busbw = algbw x the nccl-tests factor, and the
# merged sweep holds every point exactly once with its rank; (4) `ceiling-scout --operation all_reduce` under torchrun
# and its one-line hint in one process; (5) the papermill notebook nbs/collectives.ipynb on the recorded 2 x H200 run.
# Tiny shapes, --warmup 1 --iters 5, a temporary cache.
set -eu
cd "$(dirname "$0")/../.."
export PYTHONPATH="${PYTHONPATH:-$PWD}" OMP_NUM_THREADS=1
export NCCL_NVLS_ENABLE=0 TORCH_SYMM_MEM_DISABLE_MULTICAST=1 NVSHMEM_DISABLE_NVLS=1   # NVLink multicast off everywhere
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export CEILING_SCOUT_CACHE="$tmp/cache"
run() { timeout 120 python -m torch.distributed.run --nproc_per_node 2 --master_port "$1" "${@:2}"; }
t0=$(date +%s)

# (5) in the background: the collectives report notebook on its default, the recorded 2 x H200 run
timeout 150 python -m papermill nbs/collectives.ipynb "$tmp/coll_rec.ipynb" -p output_dir "$tmp/reports" --log-level ERROR > "$tmp/coll_rec.txt" 2>&1 &
nb_pid=$!

# (3) in the background while (1) and (2) run: rank 1 fails before its first collective
run 29613 -m ceiling_scout.modes.collectives --ops all_reduce --sizes 8 --warmup 1 --iters 3 --timeout 20 \
    --simulate-failure 1 > "$tmp/fail.txt" 2>&1 &
fail_pid=$!

run 29611 -m ceiling_scout.modes.collectives --sizes 8,4K,64K --warmup 1 --iters 5 --timeout 30 --quiet \
    --output "$tmp/collectives.json" > "$tmp/collectives.txt" 2>&1 || { cat "$tmp/collectives.txt"; exit 1; }
python - "$tmp/collectives.json" <<'PY'
import sys
from ceiling_scout.modes.collectives import load_collectives, busbw_factor, COLLECTIVES
d = load_collectives(sys.argv[1])
rs = d["results"]
assert d["provenance"]["world_size"] == 2 and d["provenance"]["backend"] == "gloo", d["provenance"]
assert {r["collective"] for r in rs} == set(COLLECTIVES), {r["collective"] for r in rs}
assert len(rs) == len(COLLECTIVES) * 3, len(rs)
for r in rs:
    assert r["status"] == "ok", r
    f = busbw_factor(r["collective"], 2)
    assert r["busbw_factor"] == f and abs(r["busbw_gbps"] - r["algbw_gbps"] * f) <= 1e-12 * max(1, r["busbw_gbps"]), r
    assert abs(r["algbw_gbps"] - r["size_bytes"] / (r["time_us"] * 1e-6) / 1e9) <= 1e-9 * r["algbw_gbps"], r
assert set(d["verdicts"]) == set(COLLECTIVES)
print(f"ok   collectives: {len(rs)} results on 2 gloo ranks, all checked, busbw = algbw x factor")
PY

# (4) the main CLI: --operation all_reduce under torchrun; in one process, one line saying how to launch it
run 29614 -m ceiling_scout --operation all_reduce --shape 8,4K --device cpu --warmup 1 --iters 3 --quiet \
    --output "$tmp/ar.json" > "$tmp/ar.txt" 2>&1 || { cat "$tmp/ar.txt"; exit 1; }
grep -q "=== Ceiling Scout: collectives ===" "$tmp/ar.txt" || { cat "$tmp/ar.txt"; exit 1; }
python - "$tmp/ar.json" <<'PY'
import os, sys
from ceiling_scout.modes.collectives import read_collectives
from ceiling_scout.cli import run_cli
d = read_collectives(sys.argv[1])   # what the report notebook reads, range-checked
assert [(r["collective"], r["size_bytes"], r["status"]) for r in d["results"]] == [("all_reduce", 8, "ok"), ("all_reduce", 4096, "ok")]
assert d["provenance"]["world_size"] == 2 and not d["recorded"], d["label"]
for k in ("RANK", "WORLD_SIZE"): os.environ.pop(k, None)
code, out, err = run_cli("--operation", "all_reduce", "--shape", "1M", "--device", "cpu")   # one process: how to launch
assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and "launch it with torchrun" in err, (code, err)
print("ok   --operation all_reduce under torchrun (2 gloo ranks), its report read back, the one-process hint")
PY

run 29612 -m ceiling_scout --operation gemm --shape 64,64,64 --precision fp32 --device cpu --shard \
    --k-list 64,128,192,256 --warmup 1 --iters 5 --output "$tmp/ks.json" > "$tmp/sharded.txt" 2>&1 \
    || { cat "$tmp/sharded.txt"; exit 1; }
python - "$tmp/ks.json" <<'PY'
import json, sys
from pathlib import Path
from ceiling_scout.reports.report import load_reports
from ceiling_scout.modes.sharded import merge_shard_files
p = Path(sys.argv[1]); d = json.loads(p.read_text())
reps = load_reports(p)
idx = [r.evidence["shard"]["index"] for r in reps]
assert idx == [0, 1, 2, 3] and d["count"] == 4 and d["missing"] == [] and d["duplicates"] == [], (idx, d["missing"])
assert [r.shape[2] for r in reps] == [64, 128, 192, 256]
assert {r.evidence["shard"]["rank"] for r in reps} == {0, 1}, "both ranks must have run points"
assert set(d["ranks"]) == {"0", "1"} and all(v["measured_ceilings"] for v in d["ranks"].values())
assert all(r.ceiling_tflops for r in reps), "each point judged against its rank's ceiling"
m = merge_shard_files(p, 2)   # the rank files alone rebuild the same report
assert [r.evidence["shard"]["index"] for r in m.reports] == idx and not m.missing
print(f"ok   sharded K sweep: 4 points, each once, ranks {sorted({r.evidence['shard']['rank'] for r in reps})}")
PY

set +e; wait "$fail_pid"; code=$?; set -e
fail() { echo "FAIL: $1"; cat "$tmp/fail.txt"; exit 1; }
[ "$code" -ne 0 ] && [ "$code" -ne 124 ] || fail "a failing rank should end the run (exit $code)"
grep -q "error: rank 1: simulated failure" "$tmp/fail.txt" || fail "no message naming rank 1"
grep -q "error: rank 0 of 2: all_reduce" "$tmp/fail.txt" || fail "rank 0 did not name itself"
echo "ok   a failing rank ends the run with messages naming the ranks (exit $code)"
set +e; wait "$nb_pid"; code=$?; set -e
[ "$code" -eq 0 ] || { echo "FAIL: collectives.ipynb on the recording (exit $code)"; tail -20 "$tmp/coll_rec.txt"; exit 1; }
python - "$tmp/coll_rec.ipynb" <<'PY'
import sys, nbformat
out = "".join(str(o) for c in nbformat.read(sys.argv[1], as_version=4).cells if c.cell_type == "code" for o in c.outputs)
for needle in ("recorded on 2026-11-23, 2 x NVIDIA H200", "NVLink 4", "Sharded K sweep", "of one GPU's"):
    assert needle in out, needle
print("ok   collectives.ipynb on the recorded 2 x H200 run: busbw chart with the NVLink spec, per-GPU ceilings")
PY
test -s "$tmp/reports/collectives.json" && test -s "$tmp/reports/collectives.html" && ! grep -q "In \[" "$tmp/reports/collectives.html" \
  || { echo "FAIL: collectives.ipynb did not write its JSON and HTML (without code)"; exit 1; }
echo "multigpu.sh: $(( $(date +%s) - t0 )) s"
