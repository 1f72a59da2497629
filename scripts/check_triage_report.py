"Check the model reports that .ci/checks/triage.sh wrote: content, arithmetic, and the ops.json and ONNX round trips."
import argparse, json, math, sys
from pathlib import Path

def load(p: Path) -> dict: return json.loads(p.read_text())

def fail(msg: str): print(f"FAIL: {msg}"); sys.exit(1)

def check_report(r: dict, name: str, fused: bool=False):
    items = r["items"]
    if not items: fail(f"{name}: no items")
    if [i["rank"] for i in items] != list(range(1, len(items) + 1)): fail(f"{name}: ranks not 1..n")
    saved = [i["model_saved_fraction"] for i in items]
    if saved != sorted(saved, reverse=True): fail(f"{name}: not ranked by model-level gain")
    bad = [i["workload"] for i in items if i["status"] != "ok"]
    if bad: fail(f"{name}: not measured: {bad}")
    for i in items:
        if i["gain"] and i["gain"] > 1 and i["share"]:
            if not math.isclose(i["model_saved_fraction"], i["share"] * (1 - 1 / i["gain"]), rel_tol=1e-9):
                fail(f"{name}: {i['workload']}: saved fraction is not share x (1 - 1/gain)")
    high = sum(i["model_saved_fraction"] for i in items if i["priority"] == "HIGH")
    if not math.isclose(r["speedup_if_high_done"], 1 / (1 - min(high, 0.999999)), rel_tol=1e-9):
        fail(f"{name}: Amdahl estimate wrong")
    shares = sum(i["share"] or 0 for i in items) + sum(u["share"] or 0 for u in r["unmapped"])
    if shares > 1 + 1e-6: fail(f"{name}: time shares add up to {shares:.3f} > 1")
    if r["source"] == "torch.nn.Module":
        if not (r["step_ms"] and r["coverage"]): fail(f"{name}: no step time or coverage")
        warned = any(w.startswith("coverage") and "explain less" in w for w in r["warnings"])
        if (r["coverage"] < 0.8) != warned: fail(f"{name}: coverage warning")
    if fused:
        if not r["fusions"]: fail(f"{name}: no fusion chains")
        if not any(f["compiled_ms"] for f in r["fusions"]): fail(f"{name}: no chain measured under torch.compile")
        for f in r["fusions"]:
            if f["bytes_saved"] <= 0 or f["eager_ms"] is None: fail(f"{name}: chain {f['ops']} without bytes or eager time")
    print(f"{name}: {len(items)} unique workloads, coverage {r['coverage']}, HIGH done: {r['speedup_if_high_done']:.2f}x, "
          f"{len(r['fusions'])} fusion chains")

def workloads(r: dict, ops=None) -> list:
    return sorted(i["workload"] for i in r["items"] if ops is None or i["operation"] in ops)

ap = argparse.ArgumentParser(); ap.add_argument("out"); ap.add_argument("--onnx")
a = ap.parse_args(); out = Path(a.out)
llama, from_ops = load(out / "llama.json"), load(out / "llama_from_ops.json")
check_report(llama, "llama_block_tiny", fused=True)
check_report(from_ops, "llama ops.json")
if workloads(llama) != workloads(from_ops): fail("ops.json round trip changed the workloads")
if {i["workload"]: i["count"] for i in llama["items"]} != {i["workload"]: i["count"] for i in from_ops["items"]}:
    fail("ops.json round trip changed the counts")
expected = {"gemm", "attention", "rmsnorm", "rope"}
if {i["operation"] for i in llama["items"]} != expected: fail(f"llama: operations {set(i['operation'] for i in llama['items'])}")
vit, resnet = load(out / "vit.json"), load(out / "resnet.json")
check_report(vit, "vit_block_tiny"); check_report(resnet, "resnet_bottleneck_tiny")
if {i["operation"] for i in resnet["items"]} != {"conv2d"}: fail("resnet: expected only conv2d items")
if a.onnx:
    on = load(Path(a.onnx)); check_report(on, "vit ONNX")
    if workloads(on) != workloads(vit):
        fail(f"ONNX round trip: {workloads(on)} != {workloads(vit)}")
print("triage reports checked")
