"""Profile one `--model` triage on the GPU with cProfile: where its wall seconds go, by function (cumulative, own)."""
import cProfile, io, pstats, sys, time
name, out = sys.argv[1], sys.argv[2]
t0 = time.perf_counter()
from ceiling_scout.cli import main
pr = cProfile.Profile(); pr.enable()
try: main(["--model", f"examples/models/{name}.py:make", "--precision", "bf16", "--device", "cuda", "--quiet"])
except SystemExit: pass
pr.disable()
s = io.StringIO(); st = pstats.Stats(pr, stream=s)
st.sort_stats("cumulative").print_stats(70); st.sort_stats("tottime").print_stats(40)
open(out, "w").write(f"wall {time.perf_counter() - t0:.1f} s\n" + s.getvalue())
