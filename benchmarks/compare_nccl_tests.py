"""Side by side: our collectives report (`ceiling_scout.collectives/1`) against NVIDIA nccl-tests output from the same
machine and device call (the established peer; its code is built on the device from a path, never copied here).

    python benchmarks/compare_nccl_tests.py OURS.json NCCL_TESTS_DIR [--sizes 8,1048576,67108864,1073741824]

NCCL_TESTS_DIR holds `nccltests_<name>.txt`, the stdout of `<name>_perf -b 8 -e 1G -f 2 -g 2 -w 5 -n 20 -c 1`
(names: all_reduce all_gather reduce_scatter alltoall broadcast sendrecv). Prints a Markdown table: time and busbw of
both (nccl-tests out-of-place columns, as our calls are out-of-place) and our busbw as % of theirs.
"""
import argparse, json, re, sys
from pathlib import Path

PEER_NAME = {"all_reduce": "all_reduce", "all_gather": "all_gather", "reduce_scatter": "reduce_scatter",
             "all_to_all": "alltoall", "broadcast": "broadcast", "sendrecv": "sendrecv"}


def parse_nccl_tests(text: str) -> dict[int, dict]:
    "size (bytes) -> out-of-place time (us), algbw, busbw (GB/s) and #wrong from one nccl-tests run's stdout."
    rows = {}
    for line in text.splitlines():
        tok = line.split()
        if len(tok) >= 13 and tok[0].isdigit() and tok[1].isdigit():
            try: rows[int(tok[0])] = {"time_us": float(tok[5]), "algbw": float(tok[6]), "busbw": float(tok[7]),
                                      "wrong": tok[8]}
            except ValueError: continue
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ours"); ap.add_argument("peer_dir")
    ap.add_argument("--sizes", default="8,1048576,67108864,1073741824")
    a = ap.parse_args(argv)
    ours = json.loads(Path(a.ours).read_text())
    if ours.get("schema_version") != "ceiling_scout.collectives/1":
        print(f"error: {a.ours} is not a ceiling_scout.collectives/1 report", file=sys.stderr); return 2
    sizes = [int(s) for s in a.sizes.split(",")]
    print("| collective | size (B) | ours time (us) | nccl-tests time (us) | ours busbw (GB/s) | nccl-tests busbw "
          "(GB/s) | ours / nccl-tests |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for ours_name, peer_name in PEER_NAME.items():
        f = Path(a.peer_dir) / f"nccltests_{peer_name}.txt"
        if not f.exists(): continue
        peer = parse_nccl_tests(f.read_text())
        mine = {r["size_bytes"]: r for r in ours["results"] if r["collective"] == ours_name and r["status"] == "ok"}
        for s in sizes:
            if s not in peer or s not in mine: continue
            p, m = peer[s], mine[s]
            ratio = m["busbw_gbps"] / p["busbw"] if p["busbw"] > 0 else float("nan")
            print(f"| {ours_name} | {s} | {m['time_us']:.1f} | {p['time_us']:.1f} | {m['busbw_gbps']:.3g} | "
                  f"{p['busbw']:.3g} | {ratio:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
