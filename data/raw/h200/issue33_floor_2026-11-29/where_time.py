"""Issue 33: where a model triage's time goes on the GPU. Runs `ceiling-scout --model M --precision bf16 --device cuda
--json --quiet` in this process with the scout's `run_backend`, `CeilingScout.analyze` and the fusion pass's `measure`
wrapped to record each call's wall time (workload, backend, label, warm-up seconds, timed seconds). Writes
OUT/where_<model>.json. Usage: PYTHONPATH=. python data/raw/h200/issue33_floor_2026-11-29/where_time.py MODEL OUT [DEVICE [MIN_SHARE]]"""
import contextlib, io, json, sys, time
import ceiling_scout.engine.scout as sc, ceiling_scout.modes.fusion as fu
from ceiling_scout.cli import main
model, out, dev = sys.argv[1], sys.argv[2], (sys.argv[3:] or ["cuda"])[0]
if sys.argv[4:]:   # MIN_SHARE: the triage's alternatives_min_share for this run
    import ceiling_scout.modes.model_triage as mt
    _mm = mt._measure; mt._measure = lambda em, uniq, scout, cfg: _mm(em, uniq, scout, cfg.but(alternatives_min_share=float(sys.argv[4])))
rows, _rb, _an, _me = [], sc.run_backend, sc.CeilingScout.analyze, fu.measure
def run_backend(w, dev, backend=None, **kw):
    t0 = time.perf_counter(); r = _rb(w, dev, backend, **kw); m = r.measurement
    rows.append({"what": "run_backend", "workload": w.describe(), "backend": r.backend, "label": kw.get("label", ""),
                 "mode": kw["config"].mode if "config" in kw else None, "status": r.status, "wall_s": time.perf_counter() - t0,
                 "warmup_s": m and m.method.get("warmup_s"), "timed_s": m and m.duration_s, "n": m and m.stats.n})
    return r
def analyze(self, w, *a, **k):
    t0 = time.perf_counter(); v = _an(self, w, *a, **k)
    rows.append({"what": "analyze", "workload": w.describe(), "wall_s": time.perf_counter() - t0, "approach": v.approach.value})
    return v
def measure(fn, dev="cpu", config=None, **kw):
    t0 = time.perf_counter(); m = _me(fn, dev, config, **kw)
    rows.append({"what": "fusion_measure", "wall_s": time.perf_counter() - t0, "warmup_s": m.method.get("warmup_s")})
    return m
sc.run_backend, sc.CeilingScout.analyze, fu.measure = run_backend, analyze, measure
t0, buf = time.perf_counter(), io.StringIO()
with contextlib.redirect_stdout(buf): rc = main(["--model", model, "--precision", "bf16", "--device", dev, "--json", "--quiet"])
wall = time.perf_counter() - t0
d = json.loads(buf.getvalue()) if rc == 0 else {}
json.dump({"model": model, "min_share": sys.argv[4:], "rc": rc, "wall_s": wall, "phases_s": d.get("phases_s"), "rows": rows}, open(f"{out}/where_{model.split('/')[-1].split('.')[0]}{'_' + sys.argv[4] if sys.argv[4:] else ''}.json", "w"), indent=1)
by = {}
for r in rows:
    k = r["what"] if r["what"] != "run_backend" else f"run_backend {r['label'] or r['backend']}"
    n, s, ws = by.get(k, (0, 0.0, 0.0)); by[k] = (n + 1, s + r["wall_s"], ws + (r.get("warmup_s") or 0))
print(f"{model}: rc {rc}, {wall:.1f} s, phases {d.get('phases_s')}")
for k, (n, s, ws) in sorted(by.items(), key=lambda x: -x[1][1]): print(f"  {k:40} {n:4} calls {s:7.2f} s (warm-up {ws:6.2f} s)")
