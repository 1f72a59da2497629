"""Issue 34 item 1 on the GPU: kernels validated in their own process, the tool judging and timing them from its own."""
import json, sys, time
def main(out):
    from ceiling_scout.modes.validation import validate_spec
    here = "data/raw/h200/issue34_judge_2026-11-29/fools.py"
    rows = []
    for cand, shape, prec in [(f"{here}:plus_one", "4096,4096,4096", "bf16"), (f"{here}:honest_double_mm", "2048,2048,2048", "bf16"),
                              (f"{here}:plus_one", "512,512,512", "bf16"), ("examples/kernels/good_gemm.py:matmul", "4096,4096,4096", "bf16")]:
        t = time.time()
        try:
            v, _ = validate_spec("gemm", shape, prec, cand, "cuda")
            rows.append({"candidate": cand, "shape": shape, "verdict": v.verdict, "traps": list(v.traps), "speedup": v.speedup,
                         "s": time.time() - t, "last_checks": [c.to_dict() for c in v.checks[-3:]]})
        except Exception as e: rows.append({"candidate": cand, "shape": shape, "error": f"{type(e).__name__}: {e}"[:400]})
        print(json.dumps({k: rows[-1].get(k) for k in ("candidate", "shape", "verdict", "traps", "speedup", "s", "error")}), flush=True)
        json.dump(rows, open(out, "w"), indent=1, default=str)
if __name__ == "__main__": main(sys.argv[1])
