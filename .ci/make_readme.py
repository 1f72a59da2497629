"""Make README.md from nbs/index.ipynb with nbconvert (Quarto cannot be installed here, so nbdev_readme is out).

    python .ci/make_readme.py          # write README.md
    python .ci/make_readme.py --check  # exit 1 if README.md is not what the notebook makes
"""
import sys
from pathlib import Path
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # this checkout's package
import nbformat
from nbconvert import MarkdownExporter

ROOT = Path(__file__).resolve().parents[1]
HEADER = "<!-- Generated from nbs/index.ipynb by .ci/make_readme.py: edit the notebook, not this file. -->\n\n"

def render() -> str:
    nb = nbformat.read(ROOT / "nbs" / "index.ipynb", as_version=4)
    keep = []
    for c in nb.cells:
        src = c.source.lstrip()
        if c.cell_type == "code" and (src.startswith("#| hide") or src.startswith("#|hide")): continue
        if c.cell_type == "code": c.source = "\n".join(l for l in c.source.splitlines() if not l.startswith("#|"))
        keep.append(c)
    nb.cells = keep
    from ceiling_scout.reports.bundle import nbconvert_template_dirs   # templates of a venv's base interpreter
    dirs = nbconvert_template_dirs()
    body, _ = MarkdownExporter(extra_template_basedirs=dirs, extra_template_paths=dirs).from_notebook_node(nb)
    body = body.replace("](images/", "](nbs/images/")   # images sit beside the notebook, in nbs/images/
    return HEADER + body.strip() + "\n"

if __name__ == "__main__":
    text = render()
    if "--check" in sys.argv:
        if (ROOT / "README.md").read_text() != text:
            print("README.md is not in step with nbs/index.ipynb: run `python .ci/make_readme.py`"); sys.exit(1)
        print("README.md is in step with nbs/index.ipynb")
    else:
        (ROOT / "README.md").write_text(text); print("wrote README.md")
