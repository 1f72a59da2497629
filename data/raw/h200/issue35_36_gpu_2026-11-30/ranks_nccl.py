"""Issue 36 item 6 on NCCL: ranks that disagree stop together in one line (the CPU tests' cases, tests/system/
test_ranks36.py, with --device cuda: one GPU a rank). Writes ranks_nccl.json: per case each rank's exit, stderr lines.
    python ranks_nccl.py OUT_DIR"""
import json, os, socket, subprocess, sys, time
ROOT = os.getcwd()
ENV = {**os.environ, "NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1", "NVSHMEM_DISABLE_NVLS": "1"}
TP = ["--model", "llama_block_tiny", "--tp", "2", "--precision", "fp32", "--device", "cuda", "--warmup", "1",
      "--iters", "3"]
AR = ["--operation", "all_reduce", "--shape", "8,1K", "--device", "cuda", "--warmup", "1", "--iters", "3"]


def port():
    with socket.socket() as s: s.bind(("127.0.0.1", 0)); return str(s.getsockname()[1])


def ranks(*per_rank, timeout=150):
    n, p = len(per_rank), port()
    procs = [subprocess.Popen([sys.executable, "-m", "ceiling_scout", *map(str, a)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**ENV, "RANK": str(r), "LOCAL_RANK": str(r), "WORLD_SIZE": str(n),
                                   "LOCAL_WORLD_SIZE": str(n), "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": p})
             for r, a in enumerate(per_rank)]
    out = []
    for pr in procs:
        try: o, e = pr.communicate(timeout=timeout); out.append({"rc": pr.returncode, "stderr": e.splitlines()[-6:],
                                                                  "stdout_tail": o[-300:]})
        except subprocess.TimeoutExpired: pr.kill(); out.append({"rc": "hung", "stderr": [], "stdout_tail": ""})
    return out


def main(d):
    cases = {
        "same_args": lambda: ranks([*AR, "--output", f"{d}/ar.json", "--quiet"], [*AR, "--output", f"{d}/ar.json"]),
        "different_seq": lambda: ranks([*TP, "--seq", "32"], [*TP, "--seq", "16"]),
        "different_output": lambda: ranks([*AR, "--output", f"{d}/a.json"], [*AR, "--output", f"{d}/b.json"]),
        "different_tp": lambda: ranks(TP, [x if x != "2" else "4" for x in TP]),
        "sequence_parallel_one_rank": lambda: ranks(TP, [*TP, "--sequence-parallel"]),
    }
    res = {}
    for name, f in cases.items():
        t = time.time(); r = f(); res[name] = {"s": round(time.time() - t, 1), "ranks": r}
        print(name, [x["rc"] for x in r], (r[0]["stderr"] or [""])[-1][:200], flush=True)
    json.dump(res, open(f"{d}/ranks_nccl.json", "w"), indent=1)


if __name__ == "__main__":
    main(sys.argv[1])
