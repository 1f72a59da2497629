"""Probe (outside the package): does PyTorch's async-TP path (symmetric memory, copy-engine P2P) hide the collectives
of a Llama-7B layer's tensor-parallel GEMMs where the tool's chunked all-reduce (NCCL) hid nothing? Run under
`torchrun --nproc_per_node 2` with NVLink multicast off. Per GEMM of the layer (sequence parallel: all-gather before
the column-parallel q/k/v and gate/up, reduce-scatter after the row-parallel o and down), at T tokens, bf16:
  mm       the GEMM alone (this rank's shard, the whole T)
  comm     the NCCL collective alone (all_gather_into_tensor / reduce_scatter_tensor)
  seq      collective then GEMM (or GEMM then collective), NCCL, one stream
  chunk2   the tool's way: 2 token slices, each slice's NCCL collective in flight with the next slice's GEMM
  chunk2 (ar) the tool's own --tp path: all-reduce after o and down, no sequence parallelism
  async    torch.ops.symm_mem.fused_all_gather_matmul / fused_matmul_reduce_scatter
Each checked against `seq` on fresh random inputs before it is timed; times are CUDA-event loops of ITERS calls, the
slowest rank's, ROUNDS interleaved rounds, medians (env ITERS, ROUNDS, TOKENS; defaults 20, 5, 2048,8192,16384). Writes JSON to argv[1]."""
import json, os, statistics, sys, time
import torch, torch.distributed as dist

ITERS, ROUNDS = int(os.environ.get("ITERS", 20)), int(os.environ.get("ROUNDS", 5))


def main(out: str):
    dist.init_process_group("nccl"); rank, n = dist.get_rank(), dist.get_world_size()
    torch.cuda.set_device(rank); dev = torch.device("cuda", rank); g = dist.group.WORLD
    import torch.distributed._symmetric_memory as symm_mem
    try: symm_mem.enable_symm_mem_for_group(g.group_name)
    except Exception as e: print("enable_symm_mem_for_group:", e)
    bf = torch.bfloat16; d, ffn, qkv = 4096, 11008, 3 * 4096
    res = {"iters": ITERS, "rounds": ROUNDS, "device": torch.cuda.get_device_name(), "torch": torch.__version__, "cuda": torch.version.cuda,
           "nccl": ".".join(map(str, torch.cuda.nccl.version())), "n": n,
           "env": {k: os.environ.get(k) for k in ("NCCL_NVLS_ENABLE", "TORCH_SYMM_MEM_DISABLE_MULTICAST",
                                                   "NVSHMEM_DISABLE_NVLS")}, "cases": []}

    def timed(fn) -> float:
        fn(); torch.cuda.synchronize(); dist.barrier()
        a, b = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        a.record()
        for _ in range(ITERS): fn()
        b.record(); torch.cuda.synchronize()
        ms = torch.tensor([a.elapsed_time(b) / ITERS], device=dev); dist.all_reduce(ms, op=dist.ReduceOp.MAX)
        return ms.item()

    for T in map(int, os.environ.get("TOKENS", "2048,8192,16384").split(",")):
        for name, kind, kin, kout in (("q/k/v", "ag", d, qkv // n), ("gate/up", "ag", d, 2 * ffn // n),
                                      ("o", "rs", d // n, d), ("down", "rs", ffn // n, d),
                                      ("o", "ar", d // n, d), ("down", "ar", ffn // n, d)):
            case = {"tokens": T, "gemm": name, "kind": kind, "k": kin, "n_out": kout}
            try:
                torch.manual_seed(1000 + rank)
                W = torch.randn(kin, kout, device=dev, dtype=bf) / kin ** 0.5
                if kind == "ag":
                    A = torch.randn(T // n, kin, device=dev, dtype=bf); full = torch.empty(T, kin, device=dev, dtype=bf)
                    def mm(): return full @ W
                    def comm(): dist.all_gather_into_tensor(full, A)
                    def seq(): dist.all_gather_into_tensor(full, A); return full @ W
                    def chunk2():
                        parts, works = A.chunk(2), []
                        bufs = [torch.empty(T // 2, kin, device=dev, dtype=bf) for _ in parts]
                        for p, buf in zip(parts, bufs): works.append(dist.all_gather_into_tensor(buf, p, async_op=True))
                        outs = []
                        for w, buf in zip(works, bufs): w.wait(); outs.append(buf @ W)
                        # rows come as [r0 half0, r1 half0], [r0 half1, r1 half1]: reorder to [r0, r1]
                        o = torch.stack([x.view(n, T // (2 * n), -1) for x in outs], 1)
                        return o.reshape(T, -1)
                    def asy(): return torch.ops.symm_mem.fused_all_gather_matmul(A, [W], 0, g.group_name)[1][0]
                elif kind == "ar":   # no sequence parallelism: the tool's --tp path (all-reduce; `_chunked` in 2 slices)
                    A = torch.randn(T, kin, device=dev, dtype=bf); Y = A @ W
                    def mm(): return A @ W
                    def comm(): dist.all_reduce(Y)
                    def seq(): o = A @ W; dist.all_reduce(o); return o
                    def chunk2():
                        outs, works = [], []
                        for p in A.chunk(2):
                            outs.append(p @ W); works.append(dist.all_reduce(outs[-1], async_op=True))
                        for w in works: w.wait()
                        return torch.cat(outs)
                    asy = None
                else:
                    A = torch.randn(T, kin, device=dev, dtype=bf); part = torch.empty(T // n, kout, device=dev, dtype=bf)
                    Y = A @ W
                    def mm(): return A @ W
                    def comm(): dist.reduce_scatter_tensor(part, Y)
                    def seq(): o = torch.empty(T // n, kout, device=dev, dtype=bf); dist.reduce_scatter_tensor(o, A @ W); return o
                    def chunk2():
                        outs, works = [], []
                        for p in A.view(n, T // n, kin).chunk(2, 1):   # each rank's rows split in two, every rank's part
                            y = (p.reshape(-1, kin) @ W).view(n, -1, kout); o = torch.empty(y.shape[1], kout, device=dev, dtype=bf)
                            works.append(dist.reduce_scatter_tensor(o, y.reshape(-1, kout).contiguous(), async_op=True)); outs.append(o)
                        for w in works: w.wait()
                        return torch.cat(outs)
                    def asy(): return torch.ops.symm_mem.fused_matmul_reduce_scatter(A, W, "sum", 0, g.group_name)
                ref = seq().float(); torch.cuda.synchronize()
                scale = ref.abs().max().item() or 1.0
                case["check"] = {}
                for nm, f in (("chunk2", chunk2), ("async", asy)):
                    if f is None: continue
                    try:
                        err = (f().float() - ref).abs().max().item() / scale
                        e = torch.tensor([err], device=dev); dist.all_reduce(e, op=dist.ReduceOp.MAX); case["check"][nm] = e.item()
                    except Exception as ex:
                        case["check"][nm] = f"{type(ex).__name__}: {str(ex)[:300]}"
                fns = {"mm": mm, "comm": comm, "seq": seq}
                for nm, f in (("chunk2", chunk2), ("async", asy)):
                    if isinstance(case["check"].get(nm), float) and case["check"][nm] < 2e-2: fns[nm] = f
                rounds = {k: [] for k in fns}
                for _ in range(ROUNDS):
                    for k, f in fns.items(): rounds[k].append(timed(f))
                case["ms"] = {k: statistics.median(v) for k, v in rounds.items()}; case["rounds_ms"] = rounds
            except Exception as ex:
                case["error"] = f"{type(ex).__name__}: {str(ex)[:300]}"
            if rank == 0:
                print(json.dumps({k: case.get(k) for k in ("tokens", "gemm", "check", "ms", "error")}), flush=True)
            res["cases"].append(case)
            if rank == 0:
                with open(out, "w") as fh: json.dump(res, fh, indent=1)
    dist.barrier(); dist.destroy_process_group()


if __name__ == "__main__":
    main(sys.argv[1])
