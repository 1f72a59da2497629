"""Issue 33: where each second of a model triage's measure phase goes, on the GPU. Runs
`ceiling-scout --model M --precision bf16 --device cuda --json --quiet` in this process with the engine's steps wrapped
to add up their wall time (count, seconds), and one row per `run_backend` (workload, label, timer, probe, samples,
warm-up and timed seconds). Writes OUT/where2_<model>.json and prints the table.
Usage: PYTHONPATH=. python data/raw/h200/issue33_time_2026-11-29/where2.py MODEL OUT"""
import contextlib, gc, io, json, sys, time
import torch
import ceiling_scout.engine.benchmark as bm, ceiling_scout.engine.timing as tm, ceiling_scout.engine.scout as sc
import ceiling_scout.engine.telemetry as te, ceiling_scout.modes.model_triage as mt, ceiling_scout.modes.fusion as fu
import ceiling_scout.engine.workloads as wl
from ceiling_scout.cli import main
model, out = sys.argv[1], sys.argv[2]
acc, rows = {}, []
def wrap(obj, name, key=None):
    orig, key = getattr(obj, name), key or f"{getattr(obj, '__name__', obj)}.{name}"
    def w(*a, **k):
        t = time.perf_counter()
        try: return orig(*a, **k)
        finally: n, s = acc.get(key, (0, 0.0)); acc[key] = (n + 1, s + time.perf_counter() - t)
    setattr(obj, name, w); return orig
_rb = sc.run_backend
def run_backend(w, dev, backend=None, **kw):
    t0 = time.perf_counter(); r = _rb(w, dev, backend, **kw); m = r.measurement; me = m.method if m else {}
    rows.append({"workload": w.describe(), "backend": r.backend, "label": kw.get("label", ""), "status": r.status,
                 "wall_s": time.perf_counter() - t0, "warmup_s": me.get("warmup_s"), "timed_s": m and m.duration_s,
                 "n": m and m.stats.n, **{k: me.get(k) for k in ("timer", "probe_us", "host_us", "hold_us",
                 "graph_inner", "warmup_calls", "calls_per_sample", "l2_flush", "mode")},
                 "mean_ms": m and m.stats.mean_ms, "ci95_rel": m and m.stats.ci95_rel})
    return r
sc.run_backend = run_backend
for obj, name in ((bm, "measure"), (bm, "_prepare"), (tm, "_warm_cuda"), (tm, "_timed_loop"), (tm, "measure_energy"),
                  (tm, "_cuda_timer"), (tm, "_cuda_count_warmup"), (tm, "summarize"), (te.TelemetrySampler, "start"),
                  (te.TelemetrySampler, "stop"), (te.TelemetrySampler, "__init__"), (gc, "collect"),
                  (torch.cuda, "empty_cache"), (torch.cuda, "mem_get_info"), (sc.CeilingScout, "analyze"),
                  (sc.CeilingScout, "settle_noise"), (sc.CeilingScout, "launch_alternatives"),
                  (sc.CeilingScout, "ceiling"), (sc, "judge"), (mt, "sparse_alternative"), (sc, "check_fits"),
                  (fu.FusionDetector, "analyze_model"), (fu, "measure"), (wl.Workload, "make_inputs"),
                  (wl.Workload, "check"), (mt, "_measure"), (sc, "get_ceiling"),
                  (sc, "raise_measured_peak")):
    try: wrap(obj, name)
    except AttributeError as e: print("not wrapped:", obj, name, e)
t0, buf = time.perf_counter(), io.StringIO()
with contextlib.redirect_stdout(buf): rc = main(["--model", model, "--precision", "bf16", "--device", "cuda", "--json", "--quiet"])
wall = time.perf_counter() - t0
d = json.loads(buf.getvalue()) if rc == 0 else {}
by = {}
for r in rows:
    k = r["label"] or "baseline"
    n, s, ws, ts = by.get(k, (0, 0.0, 0.0, 0.0))
    by[k] = (n + 1, s + r["wall_s"], ws + (r["warmup_s"] or 0), ts + (r["timed_s"] or 0))
json.dump({"model": model, "rc": rc, "wall_s": wall, "phases_s": d.get("phases_s"), "acc": acc, "by_label": by,
           "rows": rows}, open(f"{out}/where2_{model}.json", "w"), indent=1)
print(f"{model}: rc {rc}, {wall:.1f} s in this process, phases {d.get('phases_s')}")
for k, (n, s) in sorted(acc.items(), key=lambda x: -x[1][1]): print(f"  {k:45} {n:6} calls {s:8.2f} s")
for k, (n, s, ws, ts) in sorted(by.items(), key=lambda x: -x[1][1]):
    print(f"  run_backend {k:30} {n:4} calls {s:7.2f} s (warm-up {ws:6.2f} s, timed {ts:6.2f} s)")
