"""Verdicts of this call beside the recorded H200 ones (data/recorded/h200, code 4c05654): the cheat matrix case by case
(verdict and traps) and the model corpus model by model (status, the ranked items' operation/approach, mapped share)."""
import json, sys
from pathlib import Path
here, rec = Path(sys.argv[1]), Path("data/recorded/h200")
old = {r["name"]: r for r in json.load(open(rec / "cheat_matrix.json"))["extra"]["records"]}
new = {}
for f in sorted(here.glob("cheat_*.json")): new.update({r["name"]: r for r in json.load(open(f))["records"]})
same = diff = 0
for n in sorted(set(old) | set(new)):
    o, w = old.get(n), new.get(n)
    ko = o and (o["verdict"], tuple(sorted(o.get("traps") or ()))); kw = w and (w["verdict"], tuple(sorted(w.get("traps") or ())))
    if ko == kw: same += 1
    else: diff += 1; print(f"cheat {n}: recorded {ko}, now {kw}")
print(f"cheat matrix: {same} cases the same, {diff} different")
def sections(path): return json.load(open(path))["extra"]["sections"]
for part in ("a", "b"):
    o, w = sections(rec / f"model_corpus_{part}.json"), sections(here / f"model_corpus_{part}.json")
    for name, ro in o.items():
        rw = w.get(name)
        if rw is None: print(f"model {name}: not run now"); continue
        def rows(r): return {t["workload"]: t["approach"] for t in r.get("table", [])}
        a, b = rows(ro), rows(rw)
        changed = {k: (a[k], b[k]) for k in a.keys() & b.keys() if a[k] != b[k]}
        print(f"model {name}: {ro['status']} -> {rw['status']}; mapped {ro.get('mapped_share', 0):.3f} -> "
              f"{rw.get('mapped_share', 0):.3f}; coverage {ro.get('coverage', 0):.2f} -> {rw.get('coverage', 0):.2f}; "
              f"{len(a.keys() & b.keys())} workloads in both, {len(a.keys() - b.keys())} only recorded, "
              f"{len(b.keys() - a.keys())} only now, approach changed for {len(changed)}")
        for k, v in sorted(changed.items()): print(f"    {k}: {v[0]} -> {v[1]}")
        for k in sorted(a.keys() ^ b.keys()): print(f"    {'only recorded' if k in a else 'only now'}: {k} {a.get(k) or b.get(k)}")
