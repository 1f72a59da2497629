"""Issue 38: why the engine's do_bench-style window (measure_gapped) read 3.0 % below do_bench at 4096^3 bf16 (call 3,
same median clock). Alternates, after 0.3 s idle each: do_bench as is; do_bench after this process's persisting-L2
set-aside is reset; measure_gapped; measure_gapped with do_bench's warm-up (back to back, no flush). 8 rounds per case.
    PYTHONPATH=. python data/raw/h200/issue38_timers_2026-11-30/probe4096.py OUT.json"""
import json, statistics as st, sys, time
import torch
from triton.testing import do_bench
from ceiling_scout.engine import timing as T

out, dev = {}, torch.device("cuda")
for shape in [(4096, 4096, 4096), (8192, 8192, 8192), (1024, 1024, 1024)]:
    m, n, k = shape
    a, b = torch.randn(m, k, device=dev, dtype=torch.bfloat16), torch.randn(k, n, device=dev, dtype=torch.bfloat16)
    fn = lambda: torch.matmul(a, b)
    ref = a.double() @ b.double(); assert (fn().double() - ref).abs().max() / ref.abs().max() < 1e-2
    def b2b_warm(f, dev, before=None, warmup_s=0.025, rep_s=0.1):   # measure_gapped with do_bench's own warm-up
        t = T._CudaTimer(f, dev, flush=True, graph_inner=0, flush_bytes=T.DO_BENCH_FLUSH_BYTES)
        T.device_sync(dev); time.sleep(T.GAP_IDLE_S)
        est = T.wall_s(lambda: t.run(5), dev) * 1e3 / 5
        for _ in range(max(1, int(warmup_s * 1e3 / est))): f()
        return st.mean(t.run(max(1, int(rep_s * 1e3 / est))))
    def db_reset():
        T.persisting_l2(dev, reset=True); time.sleep(T.GAP_IDLE_S); return do_bench(fn, warmup=25, rep=100)
    def db():
        time.sleep(T.GAP_IDLE_S); return do_bench(fn, warmup=25, rep=100)
    ways = {"do_bench": db, "do_bench_l2reset": db_reset, "measure_gapped": lambda: T.measure_gapped(fn, dev)["ms"],
            "gapped_b2b_warmup": lambda: b2b_warm(fn, dev)}
    rows = {w: [] for w in ways}
    l2 = T.persisting_l2(dev)
    for r in range(8):
        for w in (list(ways)[r % 4:] + list(ways)[:r % 4]): rows[w].append(ways[w]())
    med = {w: st.median(v) for w, v in rows.items()}
    out["x".join(map(str, shape))] = {"persisting_l2_at_start": l2, "rounds_ms": rows, "median_ms": med,
                                      "vs_do_bench": {w: v / med["do_bench"] - 1 for w, v in med.items()}}
    print(shape, {w: f"{v * 1e3:.2f} us ({v / med['do_bench'] - 1:+.2%})" for w, v in med.items()}, flush=True)
json.dump(out, open(sys.argv[1], "w"), indent=1)
