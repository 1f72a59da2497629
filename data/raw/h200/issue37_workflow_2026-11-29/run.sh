#!/usr/bin/env bash
# Issue 37: the users' workflow commands on the GPU, each with its exit code; outputs under $1. Run from the
# repository root with NVLink multicast off (data/raw/h200/issue33_round3_2026-11-29/call1.sh sets up the environment).
set -u; O=$1; mkdir -p $O/reports
c() { echo "\$ $*"; "$@"; echo "rc=$?"; echo; }
c python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --output $O/reports/
c python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --output $O/reports/
c ls $O/reports/
c python3 -c "from ceiling_scout import load_reports; r=load_reports('$O/reports/'); print(len(r), [(x.approach, x.baseline_ms) for x in r])"
c python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --custom-kernel examples/kernels/good_gemm.py:matmul --compare --output $O/a.json
c python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --validate --before cublas --after examples/kernels/good_gemm.py:matmul --output $O/b.json
c python3 -c "from ceiling_scout import FA3Benchmarker; v=FA3Benchmarker(device='cuda').detect_attention_ceiling(1,8,512,64); print(v.approach, v.facts['us_per_head']); print([ (a.backend, a.status, a.measurement and round(a.measurement.mean_ms*1e3,2)) for a in v.alternatives])"
c python3 -m ceiling_scout --analyze-attention --model llama_block --precision bf16 --output $O/attn.json
c python3 -m ceiling_scout --operation gemm --shape 4096,4096,4096 --precision bf16 --custom-kernel examples/kernels/good_gemm.py:matmul --kernel-timeout inf --compare
