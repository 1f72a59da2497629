"""The explorer's live strip on the GPU: a fixed K sweep (8192x8192, K 8192..32768, fp16) from the Run path; what the
strip sampled (clock, power, temperature, the cap) and drew."""
import json, os, sys, time
from ceiling_scout.explore import KSweepExplorer
from ceiling_scout.render.live_strip import strip_data
kx = KSweepExplorer("cuda")
kx.precision.value = "fp16"; kx.M.value = kx.N.value = 8192
kx.k_min.value, kx.k_max.value, kx.k_step.value = 8192, 32768, 8192
t = time.time(); res = kx.run(); wall = time.time() - t
tr = kx.strip.sampler.trace if kx.strip.sampler is not None else []
d = strip_data(tr, kx.strip.sampler.power_limit_w if kx.strip.sampler else None, 600.0)
out = {"wall_s": round(wall, 1), "status": kx.status.value, "strip_note": kx.strip.note, "refreshes": kx.strip.refreshes,
       "samples": len(tr), "summary": d.get("summary"), "capped_spans": d.get("capped_spans"),
       "figure_title": kx.strip.figure.layout.title.text, "traces": [t.name for t in kx.strip.figure.data],
       "strip_box": [type(c).__name__ for c in kx.strip_box.children],
       "points": [(r.shape, round(r.baseline_tflops or 0, 1), r.approach) for r in (res.reports if res else [])]}
json.dump(out, open(os.path.join(os.environ.get("OUT", "."), "strip25.json"), "w"), indent=1, default=str)
print(json.dumps({k: v for k, v in out.items() if k != "capped_spans"}, default=str)[:1500])
