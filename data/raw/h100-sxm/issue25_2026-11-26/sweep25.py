"""The users' K sweep (8192 x 8192 x K, fp16, K 65536..262144 step 16384, fixed 20+200): the calls nbs/sweep.ipynb makes
with `-p device h100`, run without papermill (not installed on the device)."""
import sys, time
from ceiling_scout.reports.sweep_report import sweep_report, SweepConfig
from ceiling_scout.reports.run import ReportOutput
t = time.time()
r = sweep_report(SweepConfig(device="h100"), ReportOutput(sys.argv[1], name="sweep_power_fixed"))
print(r.write()); print(f"sweep wall {time.time() - t:.1f} s")
