"""Issue 34: why honest memory-bound kernels read slower against the library in the new judge than in the matrix of
2026-11-26 (Liger RMSNorm 1.04x then, 0.62x now; Liger LayerNorm 1.30x then, 0.45x now). The same library and
candidate calls on the same inputs, timed five ways: do_bench; `measure` (fixed 5 + 50, L2 flushed, as the validation
times); `interleaved` without and with the validation's new values written before each timed call; `validate` in this
process and through the kernel's process. One JSON line per case. argv: out path, then suite names."""
import json, sys, time, torch, triton
from triton.testing import do_bench
sys.path.insert(0, "benchmarks")
from cheat_matrix import load_suite, entries_for, KERNELS
from ceiling_scout.engine.workloads import make_workload, wants_l2_flush
from ceiling_scout.engine.timing import measure
from ceiling_scout.modes.candidate import load_candidate
from ceiling_scout.modes.validation_checks import interleaved
from ceiling_scout.modes.validation import validate

def main():
    dev, out = torch.device("cuda"), open(sys.argv[1], "w")
    for e in entries_for(load_suite(), "cuda", ",".join(sys.argv[2:])):
        w = make_workload(e["operation"], e["shape"], e["precision"], **e.get("extras", {}))
        path = str(KERNELS / e["candidate"]); fn, _ = load_candidate(path)
        be = w.backends(dev)[w.default_backend]; x, y = w.make_inputs(dev, seed=1), w.make_inputs(dev, seed=2)
        px = be.prepare(y) if be.prepare else y
        lib, cand, flush, rec = (lambda: be.fn(px)), (lambda: w.candidate_call(fn, x)), wants_l2_flush(w, dev), {"name": e["name"]}
        seeds = iter(range(10**6, 2 * 10**6))
        def renew(d):
            def f():
                for k, v in w.make_inputs(dev, seed=next(seeds)).items():
                    if isinstance(v, torch.Tensor) and isinstance(d.get(k), torch.Tensor) and d[k].shape == v.shape: d[k].copy_(v)
            return f
        with w.precision_context():
            for _ in range(3): lib(); cand()
            torch.cuda.synchronize() if dev.type == "cuda" else None
            rec["do_bench"] = [(do_bench(lib), do_bench(cand)) for _ in range(3)]
            rec["measure"] = [(measure(lib, dev, warmup=5, iters=50, flush_l2=flush, telemetry=False, cuda_graph=False).stats.mean_ms,
                               measure(cand, dev, warmup=5, iters=50, flush_l2=flush, telemetry=False, cuda_graph=False).stats.mean_ms)
                              for _ in range(3)]
            for k, before in (("interleaved", (None, None)), ("interleaved_new_values", (renew(y), renew(x)))):
                a, b = interleaved(lib, cand, dev, 5, 5, 50, flush, before=before)
                rec[k] = (a.stats.mean_ms, b.stats.mean_ms)
        for k, iso in (("validate_here", False), ("validate_process", True)):
            t0 = time.time(); v = validate(path, w, "cuda", compare=True, isolate=iso)
            d = v.to_dict()
            rec[k] = {"verdict": v.verdict, "speedup": v.speedup, "lib": (d["baseline"] or {}).get("mean_ms"),
                      "cand": (d["custom"] or {}).get("mean_ms"), "s": round(time.time() - t0, 1),
                      "checks": [(c["name"], c["passed"], (c.get("detail") or "")[:160]) for c in d["checks"]
                                 if c.get("info") or not c["passed"]][-8:]}
        print(json.dumps(rec), file=out, flush=True)
        print(e["name"], {k: rec[k] for k in ("do_bench", "measure", "interleaved", "interleaved_new_values")},
              {k: (rec[k]["verdict"], rec[k]["speedup"], rec[k]["lib"], rec[k]["cand"]) for k in ("validate_here", "validate_process")}, flush=True)


if __name__ == "__main__": main()
