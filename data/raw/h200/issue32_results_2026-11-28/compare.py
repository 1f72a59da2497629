"""Compare the old (a22aac3) and new runs of call.sh: per case the exit status, the decisions in the JSON (every
approach / priority / verdict / bound field, in order) and the text layout with every number masked.

    python data/raw/h200/issue32_results_2026-11-28/compare.py data/raw/h200/issue32_results_2026-11-28/out
"""
import json, re, sys, difflib
from pathlib import Path

KEYS = ("approach", "priority", "verdict", "bound")

def decisions(x, path="", out=None):
    "Every (path, value) of a decision key, walking dicts and lists in order."
    out = [] if out is None else out
    if isinstance(x, dict):
        for k, v in x.items():
            if k in KEYS and isinstance(v, str): out.append((path + "." + k, v))
            else: decisions(v, f"{path}.{k}", out)
    elif isinstance(x, list):
        for i, v in enumerate(x): decisions(v, f"{path}[{i}]", out)
    return out

def load(p: Path):
    if not p.exists(): return None
    t = p.read_text()
    try: return json.loads(t)
    except json.JSONDecodeError: return [json.loads(l) for l in t.splitlines() if l.strip()]

MASK = re.compile(r"[-+]?\d[\d,.]*(e[-+]?\d+)?")
def skeleton(p: Path) -> list[str]:
    return [MASK.sub("#", l.rstrip()) for l in p.read_text().splitlines()] if p.exists() else []

def main(d: Path):
    rc = {t: dict(re.findall(r"^(\S+) rc=(\d+)", (d / f"{t}_cases.txt").read_text(), re.M)) for t in ("old", "new")}
    for case in sorted(set(rc["old"]) | set(rc["new"]), key=lambda c: (len(c), c)):
        o, n = load(d / f"old_{case}.json"), load(d / f"new_{case}.json")
        do, dn = decisions(o) if o is not None else [], decisions(n) if n is not None else []
        same = [a[1] for a in do] == [b[1] for b in dn]
        print(f"{case}: rc old {rc['old'].get(case)} new {rc['new'].get(case)}; decisions {len(do)} / {len(dn)} "
              f"{'same' if same else 'DIFFER'}")
        if not same:
            for a, b in zip(do, dn):
                if a[1] != b[1]: print(f"    {a[0]}: {a[1]} -> {b[1]}")
        diff = [l for l in difflib.unified_diff(skeleton(d / f"old_{case}.txt"), skeleton(d / f"new_{case}.txt"),
                                                lineterm="", n=0) if not l.startswith(("---", "+++", "@@"))]
        if diff: print("    text (numbers masked):\n" + "\n".join("      " + l[:150] for l in diff[:40]))

if __name__ == "__main__": main(Path(sys.argv[1]))
