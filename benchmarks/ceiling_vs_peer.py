"""Ceiling search against the peer (Stas Bekman's MAMF finder), in one device call (issue 9, items 1 and 4).

For each precision (bf16, fp16, fp8 by default): our search run cold (a fresh search, no cache), the peer script run as a
subprocess on its grid (M, N in {2048, 4096, 8192}, K in {8192, 13312}: the grid the issue quotes), then our search
cold again (each of ours after an idle gap, --gap, so both start cold): the two cold searches must agree within 1 %
and ours should be >= the peer's best median.
Each side's wall time is recorded. The peer's code is not part of the project: it is passed as a path.

Writes one recording (ceiling_scout.recorded/1 through benchmarks/_harness.py, provenance included) to --out; the
comparison is under `extra.sections.<precision>`, the two ceilings per precision under `ceilings`.

    PYTHONPATH=. python benchmarks/ceiling_vs_peer.py --peer /path/to/mamf-finder.py --out $OUT/ceiling_vs_peer.json
    PYTHONPATH=. python benchmarks/ceiling_vs_peer.py --smoke --out /tmp/x.json    # CPU check of the script itself
"""
import os, re, subprocess, sys, tempfile, time
os.environ["NCCL_NVLS_ENABLE"] = "0"
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from _harness import JsonRun, log, script_parser
import torch
from ceiling_scout.engine.core import capture_environment
from ceiling_scout.engine.ceilings import (Ceiling, measure_matmul_peak, resolve_device, search_plan, plan_hash,
                                    CEILING_METHOD_VERSION)

PEER_DTYPES = {"bf16": "bfloat16", "fp16": "float16", "fp8": "float8_e4m3fn", "fp32": "float32"}
PEER_GRID = {"m": [2048, 4096, 8192], "n": [2048, 4096, 8192], "k": [8192, 13312]}
_BEST = re.compile(r"^(mean|median|max):\s+([0-9.]+) TFLOPS @ (\S+)", re.M)


def parse_peer(text: str) -> dict:
    "The peer's final block: {'median': (tflops, 'MxNxK'), 'mean': ..., 'max': ..., 'elapsed': 'H:MM:SS'}."
    out = {k: (float(v), shape) for k, v, shape in _BEST.findall(text.replace("\r", "\n"))}
    el = re.search(r"Elapsed time: (\S+)", text)
    if el: out["elapsed"] = el.group(1)
    return out


def run_peer(peer: str, prec: str, timeout_s: float) -> dict:
    "Run the peer script on its grid for `prec`; its best median, mean, max, shapes and wall time (or why not)."
    with tempfile.TemporaryDirectory() as d:
        cmd = [sys.executable, peer, "--m", *map(str, PEER_GRID["m"]), "--n", *map(str, PEER_GRID["n"]),
               "--k", *map(str, PEER_GRID["k"]), "--dtype", PEER_DTYPES[prec], "--output_file", f"{d}/mm.out",
               "--no-verbose"]
        t = time.perf_counter()
        try: p = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout_s)
        except subprocess.TimeoutExpired as e:
            return {"error": f"timed out after {timeout_s:g} s", "command": " ".join(cmd)}
        wall = time.perf_counter() - t
        text = open(f"{d}/mm.out").read() if os.path.exists(f"{d}/mm.out") else p.stdout
    got = parse_peer(text)
    res = {"command": " ".join(cmd), "wall_s": round(wall, 1), "returncode": p.returncode}
    if "median" not in got:
        return {**res, "error": "no result block in the peer's output", "tail": (text + p.stderr)[-1500:]}
    return {**res, "best_median_tflops": got["median"][0], "best_median_shape": got["median"][1],
            "best_mean_tflops": got["mean"][0], "best_mean_shape": got["mean"][1], "best_max_tflops": got["max"][0],
            "elapsed": got.get("elapsed")}


def ours(dev: str, prec: str, kw: dict) -> tuple[dict, object]:
    "One cold search (no cache): the ceiling, its CI, shape, wall time and what it tried."
    t = time.perf_counter()
    pk = measure_matmul_peak(dev, prec, "burst", log=log, **kw)
    wall = time.perf_counter() - t
    stages = {}
    for e in pk.searched: stages[e.get("stage", "coarse")] = stages.get(e.get("stage", "coarse"), 0) + ("tflops" in e)
    return {"tflops": pk.value, "tflops_median": pk.method.get("median_tflops"),
            "tflops_mean": pk.method.get("mean_tflops"), "ci95_rel": pk.ci95_rel, "shape": "x".join(map(str, pk.shape)), "wall_s": round(wall, 1),
            "search_s": pk.method.get("search_s"), "repeat_tflops": pk.method.get("repeat_tflops"),
            "start": pk.method.get("start"),
            "finalists": pk.method.get("finalists"), "timed_shapes": stages,
            "sm_clock_mhz_median": (pk.telemetry or {}).get("sm_clock_mhz_median"),
            "power_w_median": (pk.telemetry or {}).get("power_w_median"),
            "searched": pk.searched}, pk


def main():
    ap = script_parser("ceiling_vs_peer")
    ap.add_argument("--peer", default=os.environ.get("MAMF_FINDER", "/work/peer/mamf-finder.py"),
                    help="path to the peer's mamf-finder.py (not shipped with the project)")
    ap.add_argument("--precisions", default="bf16,fp16,fp8")
    ap.add_argument("--peer-timeout", type=float, default=150.0)
    ap.add_argument("--gap", type=float, default=3.0, help="idle seconds before each of our searches (both start cold)")
    ap.add_argument("--start", choices=("recorded", "full"), default="recorded",
                    help="our search: confirm the recorded winners of this device model (the default) or search "
                         "from scratch (what --remeasure runs)")
    args = ap.parse_args()
    smoke = args.smoke or not torch.cuda.is_available()
    dev = "cpu" if smoke else "cuda"
    precs = ["fp32"] if smoke else [p.strip() for p in args.precisions.split(",") if p.strip()]
    bad = [p for p in precs if p not in PEER_DTYPES]
    if bad: ap.error(f"--precisions: {', '.join(bad)} not among {', '.join(PEER_DTYPES)}")
    kw = dict(shapes=[(64, 64, 64), (128, 128, 128)], per_shape_s=0.02) if smoke else {"start": args.start}
    tgt = resolve_device(dev)
    plan = search_plan(dev, **kw)
    run = JsonRun(args.out, "benchmarks/ceiling_vs_peer.py", 9, environment=capture_environment(dev).to_dict(),
                  peer=args.peer, peer_grid=PEER_GRID, method_version=CEILING_METHOD_VERSION, plan_hash=plan_hash(plan),
                  plan=plan, idle_gap_s=0.0 if smoke else args.gap, start=plan["start"])
    peer_ok = os.path.exists(args.peer) and not smoke

    gap = 0.0 if smoke else args.gap

    def one(prec: str) -> dict:
        time.sleep(gap)
        a, pa = ours(dev, prec, kw)
        log(f"  ours (cold 1): {a['tflops']:.1f} TFLOPS at {a['shape']} +-{a['ci95_rel']:.2%} in {a['wall_s']} s")
        peer = (run_peer(args.peer, prec, args.peer_timeout) if peer_ok else
                {"skipped": "smoke run (the peer warms up 30 s on a GPU)" if smoke else f"{args.peer} not found"})
        log(f"  peer: {peer}")
        time.sleep(gap)
        b, pb = ours(dev, prec, kw)
        log(f"  ours (cold 2): {b['tflops']:.1f} TFLOPS at {b['shape']} +-{b['ci95_rel']:.2%} in {b['wall_s']} s")
        for tag, pk in (("cold1", pa), ("cold2", pb)):
            run.ceilings[f"{prec}/burst/{tag}"] = Ceiling(
                tgt.key, tgt.name, prec, "burst", pk.value, None, tgt.spec.peak(prec) if tgt.spec else None,
                tgt.spec.mem_bandwidth_gbps if tgt.spec else None, pk.shape, "measured", pk.measured_at, pk.telemetry,
                f"benchmarks/ceiling_vs_peer.py cold search {tag}", pk.ci95_rel)
        best = max(a["tflops"], b["tflops"])
        best_med = max(a["tflops_median"] or 0.0, b["tflops_median"] or 0.0)
        pm = peer.get("best_median_tflops")
        return {"ours_cold1": a, "ours_cold2": b, "peer": peer,
                "cold_runs_rel_diff": abs(a["tflops"] - b["tflops"]) / max(a["tflops"], b["tflops"]),
                "cold_runs_within_1pct": abs(a["tflops"] - b["tflops"]) <= 0.01 * max(a["tflops"], b["tflops"]),
                "ours_best_tflops": best, "ours_over_peer_median": best / pm if pm else None,
                "ours_best_median_tflops": best_med,   # the ceiling is median-based since v2 (as the peer's)
                "ours_median_over_peer_median": best_med / pm if pm else None,
                "ours_best_mean_tflops": max(a["tflops_mean"] or 0.0, b["tflops_mean"] or 0.0),
                "ours_cold1_over_peer_median": a["tflops"] / pm if pm else None,
                "ours_mean_wall_s": round((a["wall_s"] + b["wall_s"]) / 2, 1), "ours_start": a["start"],
                "peer_wall_s": peer.get("wall_s")}

    for p in precs: run.section(p, lambda p=p: one(p))
    run.result["summary"] = {p: {k: s.get(k) for k in ("ours_best_tflops", "ours_over_peer_median",
                                                          "ours_best_median_tflops", "ours_median_over_peer_median",
                                                          "cold_runs_rel_diff",
                                                          "cold_runs_within_1pct", "ours_mean_wall_s", "ours_start", "peer_wall_s")}
                             for p, s in run.result["sections"].items()}
    run.save()
    log(f"\nsummary: {run.result['summary']}\nwritten {args.out} in {run.elapsed_s:.0f} s")


if __name__ == "__main__":
    main()
