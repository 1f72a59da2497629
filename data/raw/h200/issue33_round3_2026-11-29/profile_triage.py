"""Issue 33 (third round): EfficientNet-B0's triage on the GPU under cProfile, to find the fixed cost around each
measurement. Runs `ceiling-scout --model M --precision bf16 --device cuda --json --quiet` in this process; writes
OUT/profile_<model>.txt (top functions by cumulative and by own time) and OUT/profile_<model>.pstats.
Usage: PYTHONPATH=. python data/raw/h200/issue33_round3_2026-11-29/profile_triage.py MODEL OUT"""
import contextlib, cProfile, io, json, pstats, sys, time
from ceiling_scout.cli import main
model, out = sys.argv[1], sys.argv[2]
prof, buf = cProfile.Profile(), io.StringIO()
t0 = time.perf_counter()
with contextlib.redirect_stdout(buf): rc = prof.runcall(main, ["--model", model, "--precision", "bf16", "--json", "--quiet"])
wall = time.perf_counter() - t0
d = json.loads(buf.getvalue()) if rc == 0 else {}
prof.dump_stats(f"{out}/profile_{model}.pstats")
s = io.StringIO(); st = pstats.Stats(prof, stream=s)
print(f"{model}: rc {rc}, {wall:.1f} s under cProfile, phases {d.get('phases_s')}", file=s)
st.sort_stats("cumulative").print_stats(70); st.sort_stats("tottime").print_stats(40)
open(f"{out}/profile_{model}.txt", "w").write(s.getvalue()); print(s.getvalue()[:3000])
