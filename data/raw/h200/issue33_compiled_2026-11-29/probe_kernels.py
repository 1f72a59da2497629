"""Issue 33 item 3, probe: the profiler's view of a compiled (torch.compile default and reduce-overhead) and a
CUDA-graph-replayed model on the GPU: one step's chrome trace (record_shapes) per case, to design triage by kernels.
python probe_kernels.py OUTDIR"""
import gzip, json, sys, time, os, importlib.util
import torch
out = sys.argv[1]; os.makedirs(out, exist_ok=True)
def load(path):
    spec = importlib.util.spec_from_file_location("m", path); m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m); return m.make
summary = {}
def trace(name, fn, warm=3):
    t0 = time.perf_counter()
    with torch.no_grad():
        for _ in range(warm): fn()
    torch.cuda.synchronize(); first = time.perf_counter() - t0
    from torch.profiler import profile, ProfilerActivity
    with torch.no_grad(), profile(activities=[ProfilerActivity.CPU, ProfilerActivity.CUDA], record_shapes=True) as p:
        fn(); torch.cuda.synchronize()
    path = f"{out}/{name}.json"; p.export_chrome_trace(path)
    ev = json.load(open(path))["traceEvents"]
    k = [e for e in ev if e.get("cat") == "kernel"]
    summary[name] = dict(warm_s=first, kernels=len(k), kernel_us=sum(e["dur"] for e in k),
                         top=sorted({e["name"][:90] for e in k})[:60])
    with open(path, "rb") as f, gzip.open(path + ".gz", "wb") as g: g.write(f.read())
    os.remove(path)
for mname, kw in (("gpt2", dict(batch=1, seq=256)), ("resnet50", dict(batch=8))):
    make = load(f"examples/models/{mname}.py")
    model, inputs = make(device="cuda", dtype=torch.bfloat16, **kw)
    trace(f"{mname}_eager", lambda: model(*inputs))
    cm = torch.compile(model)
    try: trace(f"{mname}_compiled", lambda: cm(*inputs))
    except Exception as e: summary[f"{mname}_compiled"] = repr(e)[:500]
    torch._dynamo.reset()
    cr = torch.compile(model, mode="reduce-overhead")
    try: trace(f"{mname}_reduce_overhead", lambda: cr(*inputs), warm=4)
    except Exception as e: summary[f"{mname}_reduce_overhead"] = repr(e)[:500]
    torch._dynamo.reset()
    try:
        s = torch.cuda.Stream(); s.wait_stream(torch.cuda.current_stream())
        with torch.no_grad(), torch.cuda.stream(s):
            for _ in range(3): model(*inputs)
        torch.cuda.current_stream().wait_stream(s)
        g = torch.cuda.CUDAGraph()
        with torch.no_grad(), torch.cuda.graph(g): y = model(*inputs)
        trace(f"{mname}_graph", g.replay)
    except Exception as e: summary[f"{mname}_graph"] = repr(e)[:500]
    del model
json.dump(summary, open(f"{out}/summary.json", "w"), indent=1)
print(json.dumps({k: (v if isinstance(v, str) else {a: b for a, b in v.items() if a != "top"}) for k, v in summary.items()}, indent=1))
