"""Does the host's launch overhead leak into short timed calls, and does the spin-kernel hold (measure(hold_us=...)) remove it?

Two probes, written to one ceiling_scout.recorded/1 file with provenance through benchmarks/_harness.py ($OUT/gpu_hold_probe.json
or --out), rows under `extra["attention"]` and `extra["gemm"]`, saved after every row; a probe's error is recorded and the run goes on:
- SDPA at the seeds' small shape (B=1, H=8, S=512, D=64, bf16; causal and not): the default dispatch and each explicitly
  selected backend, timed with the hold (default) and without (hold_us=0), L2 flushed as the workload asks; 5 interleaved rounds.
- GEMMs of 2048^3 and 4096^3 bf16: the engine with and without the hold against triton.testing.do_bench, 5 interleaved rounds.

    PYTHONPATH=. python3 benchmarks/gpu_hold_probe.py --out $OUT/gpu_hold_probe.json
    PYTHONPATH=. python3 benchmarks/gpu_hold_probe.py --smoke --out /tmp/hold_smoke.json   # CPU, tiny shapes, seconds
"""
import os
os.environ["NCCL_NVLS_ENABLE"] = "0"   # NVLink multicast off wherever NCCL could start
import argparse, statistics as st, sys
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch
from ceiling_scout.engine.timing import measure
from ceiling_scout.engine.workloads import make_workload, wants_l2_flush


def attention_probe(run: JsonRun, dev, smoke: bool, rounds: int):
    "Each SDPA backend with and without the hold, causal and not."
    shape, counts = ("1,8,64,16", dict(warmup=1, iters=5)) if smoke else ("1,8,512,64", dict(warmup=20, iters=200))
    for causal in (False, True):
        w = make_workload("attention", shape, "fp32" if smoke else "bf16", causal=causal)
        x = w.make_inputs(dev, seed=1); flush = wants_l2_flush(w, dev)
        bes = w.backends(dev)
        rows = {name: {"hold": [], "no_hold": [], "timer": None} for name in bes}
        for _ in range(rounds):
            for name, be in bes.items():
                fn = lambda be=be: be.fn(x)
                try:
                    for key, h in (("hold", 100.0), ("no_hold", 0.0)):
                        m = measure(fn, dev, flush_l2=flush, hold_us=h, **counts)
                        rows[name][key].append(m.stats.mean_ms); rows[name]["timer"] = m.method["timer"]
                except Exception as e: rows[name]["error"] = f"{type(e).__name__}: {e}"[:300]
        med = lambda v: st.median(v) if v else None
        summary = {n: {"hold_ms": med(r["hold"]), "no_hold_ms": med(r["no_hold"]), "timer": r["timer"],
                       "error": r.get("error"), "rounds": r} for n, r in rows.items()}
        run.result["attention"].append({"shape": w.shape, "causal": causal, "flush": flush, "backends": summary}); run.save()
        log(f"attention {shape} causal={causal} (flush={flush})")
        us = lambda v: f"{v * 1e3:8.2f}" if v else "       -"
        for n, s in summary.items():
            log(f"  {n:<16} hold {us(s['hold_ms'])} us   no hold {us(s['no_hold_ms'])} us   {s['timer']} {s['error'] or ''}")


def gemm_probe(run: JsonRun, dev, smoke: bool, rounds: int):
    "GEMMs timed by the engine with and without the hold, against triton.testing.do_bench (the engine itself in smoke mode)."
    if smoke: do_bench = lambda fn, warmup, rep, return_mode: measure(fn, dev, warmup=1, iters=5).mean_ms
    else: from triton.testing import do_bench
    counts = dict(warmup=1, iters=5) if smoke else {}
    for n in ((128, 256) if smoke else (2048, 4096)):
        w = make_workload("gemm", (n, n, n), "fp32" if smoke else "bf16"); x = w.make_inputs(dev, seed=2)
        fn = lambda: torch.matmul(x["a"], x["b"])
        flush = wants_l2_flush(w, dev); r = {"hold": [], "no_hold": [], "do_bench": []}
        for _ in range(rounds):
            r["hold"].append(measure(fn, dev, flush_l2=flush, **counts).stats.mean_ms)
            r["no_hold"].append(measure(fn, dev, flush_l2=flush, hold_us=0, **counts).stats.mean_ms)
            r["do_bench"].append(do_bench(fn, warmup=25, rep=100, return_mode="mean"))
        s = {k: st.median(v) for k, v in r.items()}
        row = {"shape": [n, n, n], "flush": flush, **{f"{k}_ms": v for k, v in s.items()},
               "hold_vs_do_bench": s["hold"] / s["do_bench"] - 1, "no_hold_vs_do_bench": s["no_hold"] / s["do_bench"] - 1,
               "rounds": r}
        run.result["gemm"].append(row); run.save()
        log(f"gemm {n}^3: hold {s['hold'] * 1e3:.2f} us ({row['hold_vs_do_bench']:+.2%} vs do_bench), "
            f"no hold {s['no_hold'] * 1e3:.2f} us ({row['no_hold_vs_do_bench']:+.2%}), do_bench {s['do_bench'] * 1e3:.2f} us")


def main():
    ap = script_parser("gpu_hold_probe", rounds=5)
    args = ap.parse_args()
    smoke = args.smoke or not torch.cuda.is_available()
    dev = torch.device("cpu" if smoke else "cuda")
    rounds = 1 if smoke else args.rounds
    run = JsonRun(args.out, "benchmarks/gpu_hold_probe.py", 2, device=dev.type, smoke=smoke, rounds=rounds)
    run.result.update(attention=[], gemm=[])
    run.section("attention", lambda: attention_probe(run, dev, smoke, rounds))
    run.section("gemm", lambda: gemm_probe(run, dev, smoke, rounds))
    log(f"wrote {args.out} (errors: {[e['section'] for e in run.result['errors']]})")
    return 1 if run.result["errors"] else 0


if __name__ == "__main__":
    sys.exit(main())
