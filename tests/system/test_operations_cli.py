"""Every registered operation through the CLI on the CPU (at its declared example shape), and every flag combination the
registry says is misplaced refused in one line with exit status 2. Generated from the registry: no hand list."""
import tempfile
from ceiling_scout.cli import declared_flags, run_cli as run
from ceiling_scout.engine.workloads import registered_operations, CLI_MODES
from ceiling_scout.engine.report import load_reports


def value_for(flag):
    return [] if flag.type is bool else ["2" if flag.type is int else "0.5" if flag.type is float else "x"]


def test_every_operation_and_misplaced_flag():
    failures, d = [], tempfile.mkdtemp()
    ops = registered_operations()
    flags = declared_flags()
    for op, cls in ops.items():
        if not cls.example_shape:
            failures.append(f"{op}: declares no example_shape, so CI cannot run it"); continue
        out = f"{d}/{op}.jsonl"
        code, o, e = run("--operation", str(op), "--shape", cls.example_shape, "--precision", cls.example_precision,
                         "--device", "cpu", "--warmup", "1", "--iters", "5", "--quiet", "--output", out)
        # exit 3: nothing could be measured here (an operation that needs a GPU): a NOT_SUPPORTED verdict, still reported
        if code not in (0, 3) or "Suggested approach:" not in o or (code == 3 and "NOT_SUPPORTED" not in o):
            failures.append(f"{op}: exit {code}: {e.strip()[-300:]}"); continue
        reps = load_reports(out)
        if [r.operation for r in reps] != [str(op)]: failures.append(f"{op}: report holds {[r.operation for r in reps]}")
        print(f"ok   {op} {cls.example_shape}: {reps[0].approach}")
        forced = next((m for m in CLI_MODES.values() if op in m.always_for), None)
        own = {f.name for f in cls.cli_flags} | ({f.name for f in forced.flags} if forced else set())
        for name, (flag, owners) in flags.items():
            if name in own: continue
            mode = next((m for m in CLI_MODES.values() if name in m.trigger), None)
            if mode is not None and mode.applies(cls) and forced is None: continue   # a mode this operation has: not misplaced
            if mode is None and any(name in {f.name for f in m.flags} for m in CLI_MODES.values() if m.applies(cls)):
                continue   # a flag of a mode of this operation, given without the mode's trigger: refused too, checked below
            code, o, e = run("--operation", str(op), "--shape", cls.example_shape, name, *value_for(flag), "--device", "cpu")
            lines = e.strip().splitlines()
            if code != 2 or len(lines) != 1 or name not in lines[0]:
                failures.append(f"{op} {name}: expected one-line refusal, exit 2; got exit {code}: {e.strip()[:200]}")
        print(f"ok   {op}: every other operation's flag refused")
    for m in CLI_MODES.values():
        for op, cls in ops.items():
            if not m.applies(cls) or not cls.example_shape: continue
            for other in CLI_MODES.values():
                if other is m or not other.applies(cls): continue
                code, o, e = run("--operation", str(op), "--shape", cls.example_shape, m.trigger[0], *value_for(
                    next(f for f in m.flags if f.name == m.trigger[0])), other.trigger[0],
                    *value_for(next(f for f in other.flags if f.name == other.trigger[0])), "--device", "cpu")
                if code != 2 or len(e.strip().splitlines()) != 1:
                    failures.append(f"{op} {m.trigger[0]} + {other.trigger[0]}: expected a one-line refusal; got exit {code}")
    print(f"{len(ops)} operations, {len(flags)} declared flags, {len(CLI_MODES)} modes checked")
    assert not failures, "\n".join(failures)


def test_grouped_and_depthwise_conv():
    "--groups: a depthwise conv2d runs (cuDNN's autotuner row not_supported on the CPU) and a bad value is one line."
    d = tempfile.mkdtemp()
    code, o, e = run("--operation", "conv2d", "--shape", "2,8,12,12,8,3,3", "--padding", "1", "--groups", "8",
                     "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "5", "--quiet",
                     "--output", f"{d}/dw.json")
    assert code == 0 and "Suggested approach:" in o, e
    rep = load_reports(f"{d}/dw.json")[0]
    assert (rep.extras, rep.flops, rep.bound) == ({"stride": 1, "padding": 1, "groups": 8}, 2 * 2 * 8 * 144 * 9,
                                                  "memory")
    rows = {r["backend"]: r["status"] for r in rep.evidence["backends"]}
    assert rows == {"nchw": "ok", "channels_last": "ok", "cudnn_benchmark": "not_supported"}, rows
    code, o, e = run("--operation", "conv2d", "--shape", "2,8,12,12,8,3,3", "--groups", "3", "--device", "cpu")
    assert code == 2 and len(e.strip().splitlines()) == 1, e
    assert "groups must divide C=8 and K=8; got groups=3 (valid: 1, 2, 4, 8)" in e


def test_decode_attention():
    "One query token against a 4096-token KV cache with 8 KV heads: runs on the CPU, judged on the memory roof."
    d = tempfile.mkdtemp()
    code, o, e = run("--operation", "attention", "--shape", "1,32,1,4096,128", "--kv-heads", "8", "--causal",
                     "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "3", "--quiet",
                     "--output", f"{d}/decode.json")
    assert code == 0 and "Suggested approach:" in o, e
    rep = load_reports(f"{d}/decode.json")[0]
    assert (rep.shape, rep.extras, rep.bound) == ([1, 32, 1, 4096, 128], {"causal": True, "kv_heads": 8}, "memory")
    assert rep.flops == 4 * 32 * 4096 * 128                              # causal decode: the whole cache is seen
    assert rep.bytes_min == (2 * 32 * 128 + 2 * 8 * 4096 * 128) * 4    # q and out, K and V once at the 8 KV heads
    rows = {r["backend"]: r for r in rep.evidence["backends"]}
    assert rows["sdpa_default"]["status"] == "ok" and rows["sdpa_default"]["check"]["passed"]
    assert {rows[n]["status"] for n in ("fa_kvcache", "flashinfer")} == {"not_supported"}
    assert all("NVIDIA GPUs only" in rows[n]["error"] for n in ("fa_kvcache", "flashinfer"))
