"""Issue 34: why Liger RMSNorm's verdict moves between TOO_CLOSE_TO_CALL and KEEP (1.11x-1.16x, a 95 % interval of
about +-11 %). Validates Liger RMSNorm and LayerNorm (8192x4096 bf16) N times in this process as the matrix does, and
keeps each side's timed samples (the interleaved rounds), so the spread can be laid to rounds, to single calls or to
the sample pool.
    CEILING_SCOUT_CACHE=DIR PYTHONPATH=. python probe_norms.py OUT.json CEILINGS.json N"""
import json, sys, statistics as st
from ceiling_scout.engine.scout import CeilingScout, ScoutConfig, MeasureConfig
from ceiling_scout.modes.validation import validate_spec

if __name__ == "__main__":   # the validator spawns the kernel's process, which imports this module
    out, n = {}, int(sys.argv[3])
    scout = CeilingScout(ScoutConfig("cuda", MeasureConfig.fixed(5, 50), cache=sys.argv[2]))
    cases = {"liger_rmsnorm": ("examples/kernels/known.py:liger_rmsnorm", "rmsnorm"),
             "liger_layernorm": ("examples/kernels/honest/gpu.py:liger_layernorm", "layernorm")}
    for rep in range(n):
        for name, (cand, op) in cases.items():
            v, _ = validate_spec(op, "8192,4096", "bf16", cand, "cuda", compare=True, scout=scout)
            rec = {"verdict": v.verdict, "speedup": v.speedup, "ci95": v.speedup_ci95}
            for side in ("baseline", "custom"):
                r = getattr(v, side); m = r.measurement if r is not None else None
                if m is None: continue
                rec[side] = {"times_ms": list(m.times_ms), "method": {k: str(x) for k, x in m.method.items()},
                             "mean_ms": st.fmean(m.times_ms), "ci95_rel": m.stats.ci95_rel}
            out.setdefault(name, []).append(rec)
            print(name, rep, v.verdict, v.speedup, v.speedup_ci95,
                  {s: (round(rec[s]["mean_ms"], 5), round(rec[s]["ci95_rel"], 4)) for s in ("baseline", "custom") if s in rec},
                  flush=True)
            json.dump(out, open(sys.argv[1], "w"), indent=1, default=str)
