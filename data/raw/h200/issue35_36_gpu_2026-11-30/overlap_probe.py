"""Issue 35 item 3: why the chunked all-reduce path read slower than the plain sharded model on two H200s. Under
torchrun (2 ranks): transformers' Llama (examples/models/llama.py, 2 layers, 7B width, 2048 tokens, bf16) sharded as
the tool shards it (`shard_decoder`, chunks 0 and 2); for each: host time to issue a forward (no sync), GPU time per
forward (events, 20 calls after 3), and a torch.profiler trace of 3 forwards: kernel time by kind (NCCL, GEMM, other)
and how much NCCL kernel time overlaps other kernels on other streams. Rank 0 writes OUT.json.
    torchrun --nproc_per_node 2 overlap_probe.py OUT.json"""
import json, os, sys, time, tempfile
import torch, torch.distributed as dist
sys.path.insert(0, os.getcwd())
from examples.models.llama import make
from ceiling_scout.modes.tensor_parallel import shard_decoder

rank = int(os.environ["RANK"]); dev = torch.device("cuda", int(os.environ["LOCAL_RANK"])); torch.cuda.set_device(dev)
dist.init_process_group("nccl", device_id=dev)
m, x = make(device=str(dev), dtype=torch.bfloat16)
with torch.no_grad():
    for t in list(m.state_dict().values()) + list(x): dist.broadcast(t, 0)
import copy
plain, ov = copy.deepcopy(m), copy.deepcopy(m); shard_decoder(plain, rank, 2); shard_decoder(ov, rank, 2, chunks=2)
out = {}
for name, f in (("sharded", plain), ("chunked", ov), ("sharded_again", plain)):
    with torch.no_grad():
        for _ in range(3): f(*x)
        torch.cuda.synchronize(); dist.barrier()
        t0 = time.perf_counter(); [f(*x) for _ in range(20)]; host = (time.perf_counter() - t0) / 20 * 1e3
        torch.cuda.synchronize(); dist.barrier()
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record(); [f(*x) for _ in range(20)]; e.record(); e.synchronize(); gpu = s.elapsed_time(e) / 20
        dist.barrier()
        with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
            for _ in range(3): f(*x)
            torch.cuda.synchronize()
    p = tempfile.mktemp(suffix=".json"); prof.export_chrome_trace(p); tr = json.load(open(p))
    ks = [e for e in tr["traceEvents"] if e.get("ph") == "X" and e.get("cat") == "kernel"]
    kind = lambda n: "nccl" if "nccl" in n.lower() else "gemm" if any(w in n.lower() for w in ("gemm", "nvjet", "cutlass", "sm90")) else "other"
    by = {}
    for k in ks: by[kind(k["name"])] = by.get(kind(k["name"]), 0) + k["dur"] / 3e3
    nccl = [(k["ts"], k["ts"] + k["dur"], k["tid"]) for k in ks if kind(k["name"]) == "nccl"]
    rest = [(k["ts"], k["ts"] + k["dur"], k["tid"]) for k in ks if kind(k["name"]) != "nccl"]
    lap = sum(max(0, min(a1, b1) - max(a0, b0)) for a0, a1, at in nccl for b0, b1, bt in rest if bt != at) / 3e3
    streams = sorted({k["tid"] for k in ks}, key=str)
    out[name] = {"host_ms_per_forward": host, "gpu_ms_per_forward": gpu, "kernel_ms_per_forward": by,
                 "nccl_overlapped_ms_per_forward": lap, "streams": [str(s) for s in streams],
                 "nccl_kernels_per_forward": len(nccl) / 3}
every = [None, None]; dist.all_gather_object(every, out)
if rank == 0:
    json.dump(every, open(sys.argv[1], "w"), indent=1)
    for r, o in enumerate(every):
        for n, v in o.items(): print(r, n, {k: (round(w, 3) if isinstance(w, float) else w) for k, w in v.items() if k != "streams"}, flush=True)
dist.destroy_process_group()
