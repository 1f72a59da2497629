"""The fleet check (issue 35, item 4) on CPU ranks with gloo: `torchrun --nproc_per_node 2 -m ceiling_scout --fleet`
merges both ranks' probes and their link into one report; two torchrun agents on one host (`--nnodes 2`, torchrun's
own c10d rendezvous) run it as two nodes."""
import json, subprocess, sys
from support import ROOT
from test_tp import ENV, free_port

ARGS = ("-m", "ceiling_scout", "--fleet", "--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3")


def _report(path) -> dict:
    d = json.loads(path.read_text())
    assert d["schema_version"] == "ceiling_scout.fleet/1" and d["provenance"]["world_size"] == 2, d["provenance"]
    assert [sorted(k for k in r if k in ("compute", "memory", "host_link")) for r in d["ranks"]] == \
        [["compute", "memory"]] * 2                       # a CPU has no host link
    assert all(r[k]["value"] > 0 and len(r[k]["values"]) == 3 for r in d["ranks"] for k in ("compute", "memory"))
    assert d["links"][0][0] is None and d["links"][0][1] == d["links"][1][0] > 0
    return d


def test_two_ranks(tmp_path):
    out = tmp_path / "fleet.json"
    p = subprocess.run([sys.executable, "-m", "torch.distributed.run", "--nproc_per_node", "2", "--master_port",
                        str(free_port()), *ARGS, "--output", str(out)], capture_output=True, text=True, env=ENV,
                       cwd=ROOT, timeout=300)
    assert p.returncode == 0, p.stdout[-3000:] + p.stderr[-3000:]
    _report(out)
    assert p.stdout.count("Fleet: 2 rank(s) on 1 host(s), gloo") == 1 and "Links, GB/s" in p.stdout   # rank 0 only


def test_two_nodes_on_one_host(tmp_path):
    out, port = tmp_path / "fleet.json", free_port()
    agents = [subprocess.Popen([sys.executable, "-m", "torch.distributed.run", "--nnodes", "2", "--nproc_per_node", "1",
                                "--rdzv_backend", "c10d", "--rdzv_endpoint", f"127.0.0.1:{port}", "--rdzv_id", "fleet",
                                *ARGS, "--output", str(out)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=ENV, cwd=ROOT) for _ in range(2)]
    done = [a.communicate(timeout=300) for a in agents]
    assert all(a.returncode == 0 for a in agents), [o[-2000:] + e[-2000:] for o, e in done]
    d = _report(out)
    assert sum("Fleet: 2 rank(s)" in o for o, _ in done) == 1   # the node of rank 0 prints it


def test_no_shape_for_modes_without_one():
    "--fleet and --tp take no operation or shape: given one, the run is refused in one line (it used to ignore it)."
    from support import assert_one_line, run_cli
    cpu = ("--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3", "--quiet")
    code, _, err = run_cli("--fleet", "--shape", "8,8,8", *cpu)
    assert_one_line(code, err, "--shape does not apply to a fleet check")
    code, _, err = run_cli("--fleet", "--operation", "gemm", "--shape", "8,8,8", *cpu)
    assert_one_line(code, err, "--operation and --shape do not apply to a fleet check")
    code, _, err = run_cli("--tp", "1", "--model", "llama_block_tiny", "--shape", "8,8,8", *cpu)
    assert_one_line(code, err, "--shape does not apply to a tensor-parallel triage")
    code, _, err = run_cli("--fleet", "--collective-timeout", "0", *cpu)
    assert_one_line(code, err, "--collective-timeout must be seconds in (0, 86400]")


def test_missing_rank_bounded_by_collective_timeout():
    "A rank whose peer never comes waits --collective-timeout (5 s), not 300 or 600, and ends in one line naming the "
    "rank that never joined: rank 1, seen by rank 0 (it holds the store) for --fleet and --tp; rank 0, seen by rank 1."
    import time
    from support import assert_one_line
    port, cpu = free_port(), ("--device", "cpu", "--precision", "fp32", "--warmup", "1", "--iters", "3", "--quiet")
    env = {**ENV, "LOCAL_WORLD_SIZE": "2", "WORLD_SIZE": "2", "MASTER_ADDR": "127.0.0.1", "TORCHELASTIC_RUN_ID": "x"}
    for rank, mode, needle in ((0, ("--fleet",), "rank(s) 1 of 2 never joined within 5 s"),
                               (0, ("--tp", "2", "--model", "llama_block_tiny"), "rank(s) 1 of 2 never joined"),
                               (1, ("--fleet",), "rank 1: torchrun's store at 127.0.0.1")):
        t0 = time.monotonic()
        p = subprocess.run([sys.executable, "-m", "ceiling_scout", *mode, "--collective-timeout", "5", *cpu],
                           capture_output=True, text=True, cwd=ROOT, timeout=60,
                           env={**env, "RANK": str(rank), "LOCAL_RANK": str(rank), "MASTER_PORT": str(port)})
        assert time.monotonic() - t0 < 30, (mode, time.monotonic() - t0)
        assert_one_line(p.returncode, p.stderr, needle)
