"""Issue 34: this folder's GPU runs as one recording, data/recorded/h200/cheat_matrix_issue34_final.json: the whole
matrix at 1255df6 (calls 1-2, lanes A and B, and FlashAttention-4 in call 3) and the honest corpus with the timing traps
again at 0bea8df (call 8, after the first timed sample stopped carrying the loop's one-off cost).
    PYTHONPATH=. python data/raw/h200/issue34_matrix_2026-11-30/record.py"""
import json, sys
from pathlib import Path
sys.path.insert(0, "benchmarks")
from cheat_matrix import matrix
from ceiling_scout.reports.recorded import write_recorded

H = Path(__file__).parent
load = lambda f: json.loads((H / f).read_text())
full = [r for f in ("final/raw/laneA.json", "final/raw/laneB.json", "final/raw/extraB2.json") for r in load(f)["records"]]
again = [r for f in ("verify/raw8/laneA.json", "verify/raw8/laneB.json", "verify/raw8/extraB.json")
         for r in load(f)["records"]]
env = {"device_name": "NVIDIA H200", "device_type": "cuda", "driver": "580.159.04", "torch_version": "2.11.0+cu130",
       "cuda_version": "13.0", "python_version": "3.12.3", "gpu_count": 2, "compute_capability": "9.0",
       "gpu_memory_gib": 139.8, "code_commit": "1255df6",
       "wheels": "fastcore 1.12.3, liger-kernel 0.8.5, fa3-fwd 0.0.3 (call 1); flash-attn-4 4.0.0b36 with "
                 "nvidia-cutlass-dsl 4.8.1 (cu13), quack-kernels 0.6.5, apache-tvm-ffi 0.1.15.post2 (call 3)",
       "commits_by_case": {"1255df6": len(full)}, "again_at": {"0bea8df": len(again)}}
prov = {"command": "bash data/raw/h200/issue34_matrix_2026-11-30/call.sh 1255df6 560, then call.sh 1255df6 330 "
                   "/tmp/raw fa4_attention (each lane: python benchmarks/cheat_matrix.py --device cuda --only <lane> "
                   "--ceilings <lane cache> --timeout 120, its ceilings measured first by ceilings.py); FlashAttention-4 "
                   "with the CuTe DSL's packages on PYTHONPATH (call 3); then LANES=verify RAW=/tmp/raw8 call.sh "
                   "0bea8df 480 '' liger_rmsnorm,liger_layernorm",
        "script": "benchmarks/cheat_matrix.py", "issue": 34, "date": "2026-11-30", "environment": env}
extra = {"schema": "ceiling_scout.cheat_matrix/1", "suite": "examples/kernels/suite.json", "records": full,
         "matrix": matrix(full), "again_0bea8df": {"records": again, "matrix": matrix(again)},
         "ceilings_first_s": {k: sum(v["seconds"] for v in load(f"final/raw/ceilings{k}.json").values()) for k in "AB"},
         "note": "verdict seconds exclude each lane's ceiling search (ceilings.py, run once per GPU before the first "
                 "case); two lanes at once, one per GPU"}
print(write_recorded("data/recorded/h200/cheat_matrix_issue34_final.json", prov, {}, [], extra))
print(extra["matrix"], extra["again_0bea8df"]["matrix"], extra["ceilings_first_s"])
