"""The wheel outside the checkout (issue 12): built from this checkout, installed with --no-deps into a fresh virtualenv
that sees the *running* interpreter's packages (torch, numpy ...) through a .pth file, so it works the same from the
system Python and from inside a virtualenv; its CLI runs from a folder outside the checkout with no PYTHONPATH, and the
installed package finds its spec tables and recordings under the venv's share/ceiling_scout/data."""
import os, sys, sysconfig
from pathlib import Path
from support import ROOT, proc

CHECK_DATA = ("import sys, ceiling_scout, ceiling_scout.engine.ceilings as c; d = c.data_dir(); "
              "print(ceiling_scout.__file__); print(d); "
              "assert str(d).startswith(sys.prefix) and 'site-packages' not in str(d), d; "
              "assert (d / 'recorded').is_dir() and (d / 'device_specs.csv').is_file(), d")


def parent_site_dirs() -> list[str]:
    "The running interpreter's package folders (a venv's and, with --system-site-packages, its base's), not the checkout."
    dirs = [p for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages")) and Path(p).is_dir()]
    return list(dict.fromkeys(dirs))


def make_venv(venv: Path) -> Path:
    "A venv without pip whose site-packages holds a .pth naming the running interpreter's package folders; its python."
    p = proc("python", "-m", "venv", "--without-pip", venv)
    assert p.returncode == 0, p.stderr
    py = venv / "bin" / "python"
    site = proc(py, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])").stdout.strip()
    (Path(site) / "_parent_site.pth").write_text("\n".join(parent_site_dirs()) + "\n")
    return py


def test_wheel_outside_checkout(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "CEILING_SCOUT_DATA", "PYTHONHOME")}
    p = proc("python", "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "-w", tmp_path / "whl", ROOT)
    assert p.returncode == 0, p.stderr[-2000:]
    wheel, = (tmp_path / "whl").glob("ceiling_scout-*.whl")
    py = make_venv(tmp_path / "venv")
    p = proc("python", "-m", "pip", "--python", py, "install", "-q", "--no-deps", "--no-index",
             "--ignore-installed", wheel)   # the editable install the .pth makes visible must not count as installed
    assert p.returncode == 0, p.stderr[-2000:]
    run = tmp_path / "run"; run.mkdir()
    p = proc(py, "-m", "ceiling_scout", "--shape", "64,64,64", "--precision", "fp32", "--device", "cpu", "--warmup", "1",
             "--iters", "5", "--quiet", "--output", run / "r.json", cwd=run, env=env)
    assert p.returncode == 0 and "Efficiency:" in p.stdout, p.stdout[-1000:] + p.stderr[-2000:]
    assert (run / "r.json").is_file()
    p = proc(py, "-c", CHECK_DATA, cwd=run, env=env)
    assert p.returncode == 0, p.stdout + p.stderr[-2000:]
    pkg, data = p.stdout.split()
    assert pkg.startswith(str(tmp_path / "venv")) and not pkg.startswith(str(ROOT)), pkg
    assert Path(data) == tmp_path / "venv" / "share" / "ceiling_scout" / "data", data
