"""How long `analyze_sparsity` takes on 8192x8192 matrices on this machine's CPU (issue 5 asks for about a second).

    python benchmarks/cpu_sparsity_speed.py [--size 8192] [--repeats 3]

Prints one row per pattern: the best of `repeats` wall times, the thread count, and what was detected.
"""
import argparse, time
import torch
from ceiling_scout.ops.sparse import make_sparse_matrix, analyze_sparsity

ap = argparse.ArgumentParser(); ap.add_argument("--size", type=int, default=8192); ap.add_argument("--repeats", type=int, default=3)
args = ap.parse_args()
n = args.size
print(f"analyze_sparsity on {n}x{n} fp16, {torch.get_num_threads()} CPU threads, best of {args.repeats}")
print(f"{'matrix':<28} {'seconds':>8}  detected")
for label, sp, pat, bs in [("dense", 0.0, "dense", 64), ("2:4 (50%)", 0.5, "24", 64), ("block 64 (87.5%)", 0.875, "block", 64),
                           ("block 128 (87.5%)", 0.875, "block", 128), ("unstructured (90%)", 0.9, "unstructured", 64)]:
    a = make_sparse_matrix(n, n, sp, pat, bs, dtype=torch.float16, seed=1)
    best, an = float("inf"), None
    for _ in range(args.repeats):
        t0 = time.perf_counter(); an = analyze_sparsity(a); best = min(best, time.perf_counter() - t0)
    print(f"{label:<28} {best:8.2f}  {an.pattern.value}" + (f", block {an.best_block_size}" if an.pattern.value == "BLOCK_SPARSE" else ""))
