#!/usr/bin/env bash
# attention, conv2d and the memory-bound operations through the CLI on the CPU: each prints the verdict and writes a report that loads back.
set -eu
out=$(mktemp -d)
run() { ceiling-scout "$@" --device cpu --warmup 1 --iters 5 --quiet --output "$out/r.jsonl" > "$out/stdout" || { cat "$out/stdout"; exit 1; }
        grep -q "Suggested approach:" "$out/stdout" || { cat "$out/stdout"; exit 1; }; }
run --operation attention --shape 1,4,128,32 --precision fp32 --causal
run --operation attention --shape 1,4,128,32 --precision fp32 --kv-heads 2
run --operation conv2d --shape 2,8,16,16,16,3,3 --precision fp32 --padding 1
for op in layernorm rmsnorm softmax; do run --operation $op --shape 256,512 --precision fp32; done
python -c "
import sys; from ceiling_scout import load_reports
rs = load_reports(sys.argv[1]); ops = [r.operation for r in rs]
assert ops == ['attention', 'attention', 'conv2d', 'layernorm', 'rmsnorm', 'softmax'], ops
assert all(r.baseline_tflops or r.evidence for r in rs)
print(len(rs), 'reports ok')" "$out/r.jsonl"
err=$(ceiling-scout --operation attention --shape 1,4,128 --device cpu 2>&1 >/dev/null) && exit 1 || true
echo "$err" | grep -q "attention shape must be" && [ "$(echo "$err" | wc -l)" -eq 1 ]
# a flag of another operation is refused (exit 2, one line), whichever handler runs first (attention's used to ignore --stride)
for bad in "--operation attention --shape 1,4,128,32 --stride 2" "--operation attention --shape 1,4,128,32 --padding 1" \
           "--operation conv2d --shape 2,8,16,16,16,3,3 --causal" "--operation layernorm --shape 256,512 --kv-heads 2"; do
  rc=0; err=$(ceiling-scout $bad --device cpu 2>&1 >/dev/null) || rc=$?
  [ "$rc" -eq 2 ] && echo "$err" | grep -q "does not take --.*(flags that apply to --operation" && [ "$(echo "$err" | wc -l)" -eq 1 ] \
    || { echo "not refused as expected (exit $rc): $bad -> $err"; exit 1; }
done
echo "misplaced flags refused"
