"""Draw the recorded H100 transfer sweep (issue 14) as a static SVG for the README: a developer's tool, not a CI step.

    python scripts/make_transfer_chart.py [RECORDING] [--out nbs/images/chart_transfers.svg]

The figure is `ceiling_scout.reports.host_report.transfer_figure` (the same plotly figure the notebooks show), exported by
plotly through kaleido, which drives a Chromium: `pip install kaleido` (1.5.0 worked here) and, on Debian,
`apt-get install chromium` (kaleido finds /usr/bin/chromium; else set BROWSER_PATH). The default recording is
data/recorded/h100-sxm/gpu_host_overhead.json; the SVG's subtitle carries its provenance.
"""
import argparse, os, shutil, sys
from pathlib import Path
from ceiling_scout.reports.host_report import read_transfer_sweep, transfer_figure, transfer_markdown

ROOT = Path(__file__).resolve().parents[1]
p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
p.add_argument("recording", nargs="?", help="a recording with a transfer_sweep section (default: the H100 run)")
p.add_argument("--out", default=str(ROOT / "nbs" / "images" / "chart_transfers.svg"), help="the .svg (or .png) to write")
args = p.parse_args()
try: import kaleido  # noqa: F401
except ImportError: sys.exit("needs kaleido (pip install kaleido) and a Chromium (Debian: apt-get install chromium)")
if not os.environ.get("BROWSER_PATH") and shutil.which("chromium"): os.environ["BROWSER_PATH"] = shutil.which("chromium")
sweep = read_transfer_sweep(args.recording)
out = Path(args.out); out.parent.mkdir(parents=True, exist_ok=True)
transfer_figure(sweep).write_image(str(out), width=1000, height=560)
if out.suffix == ".svg":   # the image says what made it: the command, the exporter, the recording and its provenance
    import importlib.metadata as md
    rel = lambda x: os.path.relpath(x, ROOT) if str(x).startswith(str(ROOT)) else str(x)
    note = (f"made by: python scripts/make_transfer_chart.py{' ' + rel(args.recording) if args.recording else ''} "
            f"(plotly {md.version('plotly')}, kaleido {md.version('kaleido')}); data: {rel(sweep['source'])}, "
            f"{sweep['label']}; recorded with: {sweep['command']}").replace("--", "- -")
    out.write_text(f"<!-- {note} -->\n" + out.read_text())
print(f"wrote {out}\n\n{transfer_markdown(sweep)}")
