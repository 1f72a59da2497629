"""The README's example output, regenerated from today's code.

    python scripts/readme_example.py record [--out DIR]   # on a GPU: run the README command, keep its text + provenance
    python scripts/readme_example.py update [--from DIR]  # put a recorded run into nbs/index.ipynb, then README.md

`record` runs `python -m ceiling_scout --operation gemm --shape 8192,8192,8192 --precision bf16` (the command the
README shows) and writes `example.txt` (what it printed) and `provenance.json` (device, driver, torch/CUDA, date,
command, code commit) into DIR (default `data/raw/<device key>/readme_example/`); an existing recording is never
replaced. `update` rewrites the block between `<!-- example:start -->` and `<!-- example:end -->` of nbs/index.ipynb
from such a folder, saying it is recorded and where, and regenerates README.md.
"""
from __future__ import annotations
import argparse, json, subprocess, sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
COMMAND = ["--operation", "gemm", "--shape", "8192,8192,8192", "--precision", "bf16"]
START, END = "<!-- example:start -->", "<!-- example:end -->"


def record(out: Path | None) -> Path:
    "Run the README command here and keep what it printed, with its provenance; return the folder."
    from ceiling_scout.engine.core import capture_environment
    from ceiling_scout.engine.ceilings import resolve_device
    run = subprocess.run([sys.executable, "-m", "ceiling_scout", *COMMAND], capture_output=True, text=True)
    if run.returncode != 0:
        sys.exit(f"readme_example: the command failed (exit {run.returncode}): {run.stderr.strip()[-400:]}")
    target = resolve_device("auto")
    env = capture_environment(target.torch_device).to_dict()
    out = out or ROOT / "data" / "raw" / target.key / "readme_example"
    out.mkdir(parents=True, exist_ok=True)
    if (out / "example.txt").exists(): sys.exit(f"readme_example: {out / 'example.txt'} exists; choose another --out")
    (out / "example.txt").write_text(run.stdout)
    prov = {"command": "ceiling-scout " + " ".join(COMMAND), "environment": env}
    (out / "provenance.json").write_text(json.dumps(prov, indent=1) + "\n")
    print(f"recorded {out}")
    return out


def block(folder: Path) -> str:
    "The README's example block for the recording in `folder`: where it came from, then what it printed."
    text = (folder / "example.txt").read_text().rstrip("\n")
    if "=== Ceiling Scout ===" not in text or "Efficiency:" not in text:
        sys.exit(f"readme_example: {folder / 'example.txt'} is not a Ceiling Scout verdict")
    prov = json.loads((folder / "provenance.json").read_text())
    e = prov["environment"]
    where = (f"{e['device_name']}, driver {e.get('driver')}, torch {e['torch_version']}, CUDA {e.get('cuda_version')}, "
             f"{e['date'][:10]}, code {e.get('code_commit')}")
    rel = folder.resolve().relative_to(ROOT)
    return (f"{START}\nOn a GPU, `{prov['command']}` prints (recorded on the lent GPU, not live: `{rel}/`, {where}; "
            f"`python scripts/readme_example.py record` then `update` regenerates this block):\n\n```\n{text}\n```\n{END}")


def update(folder: Path) -> None:
    "Replace the example block of nbs/index.ipynb with the recording in `folder`, then regenerate README.md."
    path = ROOT / "nbs" / "index.ipynb"
    nb = json.loads(path.read_text())
    for c in nb["cells"]:
        src = "".join(c["source"])
        if START in src and END in src:
            new = src.split(START)[0] + block(folder) + src.split(END, 1)[1]
            c["source"] = new.splitlines(keepends=True)
            break
    else: sys.exit("readme_example: nbs/index.ipynb has no example block")
    path.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n")
    subprocess.run([sys.executable, str(ROOT / ".ci" / "make_readme.py")], check=True)


if __name__ == "__main__":
    p = argparse.ArgumentParser(prog="python scripts/readme_example.py")
    sub = p.add_subparsers(dest="what", required=True)
    r = sub.add_parser("record"); r.add_argument("--out", type=Path)
    u = sub.add_parser("update"); u.add_argument("--from", dest="src", type=Path, required=True)
    a = p.parse_args()
    if a.what == "record": record(a.out)
    else: update(a.src)
