"""Ranks that disagree (issue 36 item 6): right after joining the process group every rank compares its parsed options
(`run_args`, all_gather_object) and, where they differ, every rank stops with exit 2 and the same one line naming the
first differing option and each rank's value: no gloo abort, no hang, no traceback. Gloo ranks on the CPU, each rank
launched with torchrun's environment and its own argv (or under torchrun through a script that edits rank 1's argv)."""
import os, socket, subprocess, sys
from ceiling_scout.modes.collectives import rank_disagreement, run_args
from support import ROOT, lines

ENV = {**os.environ, "OMP_NUM_THREADS": "1", "NCCL_NVLS_ENABLE": "0", "TORCH_SYMM_MEM_DISABLE_MULTICAST": "1",
       "NVSHMEM_DISABLE_NVLS": "1", "PYTHONPATH": str(ROOT)}
TP = ("--model", "llama_block_tiny", "--tp", "2", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
      "--iters", "3")
AR = ("--operation", "all_reduce", "--shape", "8,1K", "--device", "cpu", "--warmup", "1", "--iters", "3")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]


def ranks(*per_rank, timeout=150) -> list[tuple[int, str, str]]:
    "`python -m ceiling_scout ARGV` once per rank (its own ARGV), in torchrun's environment: (exit, stdout, stderr) each."
    n, port = len(per_rank), str(free_port())
    procs = [subprocess.Popen([sys.executable, "-m", "ceiling_scout", *map(str, argv)], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, cwd=ROOT,
                              env={**ENV, "RANK": str(r), "LOCAL_RANK": str(r), "WORLD_SIZE": str(n),
                                   "LOCAL_WORLD_SIZE": str(n), "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": port})
             for r, argv in enumerate(per_rank)]
    try:
        outs = [p.communicate(timeout=timeout) for p in procs]
        return [(p.returncode, out, err) for p, (out, err) in zip(procs, outs)]
    finally:
        for p in procs:
            if p.poll() is None: p.kill()   # a hang: the test fails on the timeout, no rank left behind


def assert_stopped(results, *needles):
    "Every rank exited 2 with one stderr line (the same on every rank) holding every needle, no traceback."
    errs = [lines(err) for _, _, err in results]
    assert all(code == 2 for code, _, _ in results), [(c, e[-600:]) for c, _, e in results]
    assert all(len(e) == 1 and e == errs[0] for e in errs), errs
    assert not any("Traceback" in err for _, _, err in results)
    for n in needles: assert n in errs[0][0], (n, errs[0][0])


def test_rank_disagreement():
    import argparse
    a = run_args(argparse.Namespace(seq=32, sequence_parallel=False, output="tp.json", cache="a.json", json=True))
    assert a == {"--seq": 32, "--sequence-parallel": False, "--output": "tp.json"}   # --cache, --json: per rank
    assert rank_disagreement([a, dict(a)]) is None
    assert rank_disagreement([a, {**a, "--sequence-parallel": True}]) == ("--sequence-parallel", [False, True])
    assert rank_disagreement([a, a, {**a, "--seq": 16, "--output": "b.json"}]) == (
        "--output", ["tp.json", "tp.json", "b.json"])   # the first differing option by name
    assert rank_disagreement([{"--x": 1}, {}]) == ("--x", [1, None])


def test_same_args_run(tmp_path):
    out = tmp_path / "ar.json"
    res = ranks([*AR, "--output", out, "--quiet"], [*AR, "--output", out, "--cache", tmp_path / "own.json"])
    assert [c for c, _, _ in res] == [0, 0], [e[-1500:] for _, _, e in res]   # --cache, --quiet: may differ per rank
    assert out.exists() and "all_reduce" in res[0][1] and res[1][1] == ""


def test_different_seq(tmp_path):
    res = ranks([*TP, "--seq", "32"], [*TP, "--seq", "16", "--cache", tmp_path / "c.json"])
    assert_stopped(res, "different arguments", "--seq is 32 on rank 0, 16 on rank 1")


def test_different_output(tmp_path):
    res = ranks([*AR, "--output", tmp_path / "a.json"], [*AR, "--output", tmp_path / "b.json"])
    assert_stopped(res, f"--output is '{tmp_path / 'a.json'}' on rank 0, '{tmp_path / 'b.json'}' on rank 1")
    assert not any(tmp_path.iterdir())


def test_sequence_parallel_one_rank_under_torchrun(tmp_path):
    "torchrun itself: a script gives rank 1 --sequence-parallel; both ranks print the line and torchrun ends, no hang."
    script = tmp_path / "rank1.py"
    script.write_text("import os, sys\nfrom ceiling_scout.cli import main\n"
                      "extra = ['--sequence-parallel'] if os.environ['RANK'] == '1' else []\n"
                      "sys.exit(main(sys.argv[1:] + extra))\n")
    p = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port",
                        str(free_port()), str(script), *TP, "--seq", "32"], capture_output=True, text=True, env=ENV,
                       cwd=ROOT, timeout=150)
    # both ranks write to the one stderr pipe: their lines may interleave, so the message is counted, not the lines
    said = (p.stdout + p.stderr).count("different arguments: --sequence-parallel is not given on rank 0, True on rank 1")
    assert p.returncode != 0 and said == 2, p.stdout[-2000:] + p.stderr[-3000:]


def test_different_tp_before_the_group(tmp_path):
    "--tp 2 on one rank, 4 on the other: one rank would refuse its options and the other wait at the group (hung)."
    res = ranks([*TP], [*[x if x != "2" else "4" for x in TP]])
    assert_stopped(res, "--tp is 2 on rank 0, 4 on rank 1")


def test_different_device_before_the_group(tmp_path):
    "--device cpu and cuda: gloo and NCCL ranks never meet in one group (hung); compared through the store first."
    res = ranks([*AR], [*[x if x != "cpu" else "cuda" for x in AR]])
    assert_stopped(res, "--device is 'cpu' on rank 0, 'cuda' on rank 1")


def test_one_gpu_run_in_a_ranks_environment_does_not_wait():
    "One process with a torchrun rank's environment (a training job's rank that starts the CLI), the other rank absent:"
    " a one-process measurement runs alone; only a run across ranks (a collective, --tp, --shard) meets them first."
    env = {**ENV, "RANK": "0", "LOCAL_RANK": "0", "WORLD_SIZE": "2", "LOCAL_WORLD_SIZE": "2",
           "MASTER_ADDR": "127.0.0.1", "MASTER_PORT": str(free_port())}
    p = subprocess.run([sys.executable, "-m", "ceiling_scout", "--operation", "gemm", "--shape", "64,64,64",
                        "--precision", "fp32", "--device", "cpu", "--warmup", "1", "--iters", "3", "--quiet"],
                       capture_output=True, text=True, cwd=ROOT, env=env, timeout=90)
    assert p.returncode == 0, p.stderr[-800:]
