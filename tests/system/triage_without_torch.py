"""Run by test_triage.py in a fresh process: model reports load and render without importing torch.

python tests/system/triage_without_torch.py HF_REPORT.json RECORDED_TRIAGE.json"""
import sys
from ceiling_scout.reports.triage_report import ModelReport, triage_chart_svg

r = ModelReport.load(sys.argv[1])
att = next(i for i in r.items if i["operation"] == "attention")
assert r.model == "hf:mistral-7b-v0.1/8" and att["extras"] == {"causal": True, "kv_heads": 1}, (r.model, att["extras"])
triage_chart_svg(ModelReport.load(sys.argv[2]))
assert "torch" not in sys.modules, "loading and rendering a model report imported torch"
print("model reports load and render without torch")
