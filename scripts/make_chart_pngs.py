"""Write one PNG of each chart into nbs/images/ (the README's figures; kaleido + a Chromium on the PATH; dev-only).

    python scripts/make_chart_pngs.py            # K sweep: the recorded H100 sweep if there is one, else the CPU example report
"""
import sys
from pathlib import Path
from ceiling_scout.render.charts import ksweep_figure, roofline_figure, efficiency_figure, energy_roofline_figure
from ceiling_scout.render.figure_io import save_png
from ceiling_scout.reports.recorded import load_recorded_device, recorded_reports, recorded_ceilings, find_recorded_k_sweep, NoRecordedDataError
from ceiling_scout.modes.ksweep import load_k_sweep

ROOT = Path(__file__).resolve().parents[1]
out = ROOT / "nbs" / "images"
datas = load_recorded_device("h100")
try: sweep = find_recorded_k_sweep(datas, "gemm", "fp16", 8192, 8192, "fixed")
except NoRecordedDataError:
    cpu = sorted((ROOT / "reports").glob("sweep_cpu_*_fixed.json"))   # a run of the sweep notebook
    if not cpu: sys.exit("no recorded H100 K sweep and no CPU example report in reports/: run the sweep notebook first")
    sweep = load_k_sweep(cpu[0])
for name, fig in [("ksweep", ksweep_figure(sweep)), ("roofline", roofline_figure(recorded_reports(datas), recorded_ceilings(datas))),
                  # all reports, as the sweep notebook passes them: efficiency_figure leaves the K-sweep points to their own chart
                  ("efficiency", efficiency_figure(recorded_reports(datas))),
                  ("energy_roofline", energy_roofline_figure(recorded_reports(datas)))]:
    print("wrote", save_png(fig, out / f"chart_{name}.png"))
