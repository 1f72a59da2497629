"""End-to-end test of the notebooks in a real browser: JupyterLab on 127.0.0.1 driven by Chromium through Playwright.

python tests/browser/browser_test.py [--out DIR] [--readme-shots DIR] [--keep]

1. explore.ipynb: run all cells, wait for the kernel to go idle; widgets rendered; change precision and shape, Run: both
   charts non-zero size with the expected traces, the table filled; a second shape updates chart and table; Stop ends
   a sweep within one point; the kernel's Interrupt ends one too; no stderr output, no warning in the Log Console; the
   notebook file on disk unchanged (byte for byte).
2. sweep.ipynb with device = "h100" (recorded data): every chart renders, labelled as recorded; file unchanged.
3. The HTML report that run wrote, opened offline (every http(s) request aborted): every chart renders, and the page
   asks the network for nothing.
Screenshots of every failure go to --out; --readme-shots DIR also saves the two README screenshots there.
"""
from __future__ import annotations
import argparse, contextlib, json, os, shutil, socket, subprocess, sys, tempfile, time, traceback, urllib.request
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
LIB = "library (mean, 95 % CI; marker colour = verdict)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0)); return s.getsockname()[1]


@contextlib.contextmanager
def jupyterlab(tmp: Path):
    "JupyterLab on 127.0.0.1 (a free port), no token, no password, config and settings in `tmp`, rooted at the repo."
    port = free_port()
    cfg, settings = tmp / "config", tmp / "settings" / "@jupyterlab" / "docmanager-extension"
    cfg.mkdir(parents=True); settings.mkdir(parents=True)
    # no autosave: the test must never write a notebook (the on-disk check below would see it)
    (settings / "plugin.jupyterlab-settings").write_text(json.dumps({"autosave": False}))
    (tmp / "settings" / "@jupyterlab" / "apputils-extension").mkdir(parents=True)
    (tmp / "settings" / "@jupyterlab" / "apputils-extension" / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False}))
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(cfg), "JUPYTER_RUNTIME_DIR": str(tmp / "runtime"),
           "PYTHONPATH": os.pathsep.join([str(REPO), os.environ.get("PYTHONPATH", "")]).rstrip(os.pathsep)}
    # in a virtualenv that uses the base interpreter's packages (--system-site-packages), JupyterLab looks for the
    # widget extensions (ipywidgets, anywidget, plotly) under the venv's prefix only; they lie under the base's
    base = Path(sys.base_prefix) / "share" / "jupyter"
    if sys.prefix != sys.base_prefix and (base / "labextensions").is_dir():
        env["JUPYTER_PATH"] = os.pathsep.join(p for p in (os.environ.get("JUPYTER_PATH"), str(base)) if p)
    cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
           "--IdentityProvider.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
           f"--ServerApp.root_dir={REPO}", "--LabApp.expose_app_in_browser=True",
           f"--LabApp.user_settings_dir={tmp / 'settings'}", f"--LabApp.workspaces_dir={tmp / 'workspaces'}",
           "--ServerApp.open_browser=False", "--LabApp.news_url=", "--ServerApp.log_level=WARN"]
    if hasattr(os, "geteuid") and os.geteuid() == 0: cmd.append("--allow-root")     # CI runs as root
    log = open(tmp / "jupyterlab.log", "w")
    proc = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT, cwd=REPO, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        t0 = time.time()
        while True:
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2); break
            except Exception:
                if proc.poll() is not None or time.time() - t0 > 60:
                    raise RuntimeError(f"JupyterLab did not start: {(tmp / 'jupyterlab.log').read_text()[-2000:]}")
                time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try: proc.wait(10)
        except subprocess.TimeoutExpired: proc.kill()
        log.close()


JS_KERNEL_IDLE = """() => { const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && w.content.widgets.every(c => c.model.type !== 'code' ||
      (c.model.executionCount !== null && !c.node.querySelector('.jp-InputArea-prompt')?.textContent.includes('*')));
}"""

JS_PLOTS = """(root) => [...(root || document).querySelectorAll('.js-plotly-plot')].map(e => {
  const r = e.getBoundingClientRect();
  return {w: r.width, h: r.height, names: (e.data || []).map(t => t.name || ''),
          lib_x: ((e.data || []).find(t => t.name === '%s') || {}).x || null,
          title: (e.layout && e.layout.title && (e.layout.title.text || e.layout.title)) || '',
          ytitle: (e.layout && e.layout.yaxis && e.layout.yaxis.title &&
                   (e.layout.yaxis.title.text || e.layout.yaxis.title)) || ''};
})""" % LIB


class Check:
    "Collects failures; each failure gets a screenshot."
    def __init__(self, out: Path): self.out, self.failures, self.page = out, [], None
    def __call__(self, ok: bool, what: str):
        if ok: print(f"  ok: {what}"); return True
        self.failures.append(what); print(f"  FAIL: {what}")
        if self.page is not None:
            shot = self.out / f"fail_{len(self.failures):02d}.png"
            with contextlib.suppress(Exception): self.page.screenshot(path=str(shot), full_page=True)
            print(f"    screenshot: {shot}")
        return False


def wait_for(page, js: str, arg=None, timeout_s: float=60, what: str=""):
    page.wait_for_function(js, arg=arg, timeout=timeout_s * 1000, polling=200)


def open_notebook(page, url: str, path: str):
    page.goto(f"{url}/lab/tree/{path}?reset", wait_until="domcontentloaded")   # ?reset: no restored tabs
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget && "
                           f"window.jupyterapp.shell.currentWidget.context && "
                           f"window.jupyterapp.shell.currentWidget.context.path === {json.dumps(path)} && "
                           "window.jupyterapp.shell.currentWidget.sessionContext && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel && "
                           "window.jupyterapp.shell.currentWidget.sessionContext.session.kernel.status === 'idle'",
                           timeout=120_000, polling=200)   # a kernel's start beside a CI lane: 60 s ran out once


def run_all(page, timeout_s: float=120):
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_timeout(300)
    wait_for(page, JS_KERNEL_IDLE, timeout_s=timeout_s)


def widget_by_label(page, root, label: str, kind: str):
    "The input (kind 'input' or 'select') of the ipywidget whose description is `label`, under `root`."
    box = root.locator(".widget-inline-hbox", has=page.locator(f"label.widget-label:text-is('{label}')")).first
    return box.locator(kind).first


def set_number(page, root, label: str, value):
    inp = widget_by_label(page, root, label, "input")
    inp.fill(str(value)); inp.press("Enter"); inp.blur()


def stderr_outputs(page) -> list[str]:
    return page.evaluate("() => [...document.querySelectorAll("
                         "'.jp-OutputArea-output[data-mime-type=\"application/vnd.jupyter.stderr\"]')]"
                         ".map(e => e.textContent.slice(0, 300))")


def log_console_entries(page) -> list[str]:
    "Text of the Log Console's entries for the current notebook (warnings and errors the front end logged)."
    page.evaluate("() => window.jupyterapp.commands.execute('logconsole:open', {insertMode: 'split-bottom'})")
    page.wait_for_timeout(500)
    return page.evaluate("() => [...document.querySelectorAll('.jp-LogConsolePanel .jp-OutputArea-child')]"
                         ".map(e => e.textContent.slice(0, 3000))")


def explorer_part(page, url: str, check: Check, shots: Path|None):
    nb = REPO / "nbs" / "explore.ipynb"
    before = nb.read_bytes()
    console = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type in ("error", "warning") else None)
    t0 = time.time()
    open_notebook(page, url, "nbs/explore.ipynb")
    check(page.locator(".jp-Dialog").count() == 0, "no 'Select Kernel' dialog (kernelspec python3)")
    run_all(page)
    page.wait_for_timeout(500)
    print(f"  explore.ipynb ran in {time.time() - t0:.1f} s")
    loading = page.locator(".jp-OutputArea-output", has_text="Loading widget...").count()
    check(loading == 0, f"widgets rendered (no 'Loading widget...' in an output; {loading} found)")
    root = page.locator(".jp-Cell").nth(1)          # the K-sweep explorer's cell
    check(root.locator("button:has-text('Run')").count() == 1, "the K-sweep explorer's Run button is shown")
    check(page.evaluate(JS_PLOTS) == [], "no chart (placeholder axes) before the first Run")
    prec = widget_by_label(page, root, "precision", "select")
    opts = prec.evaluate("s => [...s.options].map(o => o.value || o.textContent)")
    check(not {"tf32", "fp8", "int8"} & set(opts), f"only precisions the CPU runs are offered ({opts})")
    prec.select_option(label="fp32")
    for label, v in [("M", 96), ("N", 64), ("K from", 32), ("K to", 96), ("K step", 32), ("warm-up", 1),
                     ("timed", 5)]:
        set_number(page, root, label, v)
    status = root.locator(".widget-html").filter(has_text="")   # the explorer's HTML widgets
    root.locator("button:has-text('Run')").click()
    wait_for(page, "(el) => /done|stopped|error/.test(el.innerText)", arg=root.element_handle(), timeout_s=90)
    text = root.inner_text()
    check("done" in text and "GFLOP/s" in text, f"the sweep finished: {text[text.find('done'):][:160]!r}")
    plots = page.evaluate(JS_PLOTS)
    check(len(plots) >= 2 and all(p["w"] > 300 and p["h"] > 200 for p in plots),
          f"both charts have a real size: {[(round(p['w']), round(p['h'])) for p in plots]}")
    nbw = page.evaluate("() => document.querySelector('.jp-Cell .jp-OutputArea-output').getBoundingClientRect().width")
    check(plots and min(p["w"] for p in plots) >= 0.85 * nbw, f"charts use the output's width ({nbw:.0f} px)")
    k = next((p for p in plots if p["lib_x"]), None)
    check(k is not None and list(k["lib_x"]) == [32, 64, 96], f"K-sweep chart: library trace at K 32, 64, 96 ({k and k['lib_x']})")
    check(k is not None and "M=96" in k["title"] and "fp32" in k["title"], f"K-sweep title follows M and precision")
    roof = next((p for p in plots if any(n.startswith("verdict:") for n in p["names"]) and not p["lib_x"]), None)
    check(roof is not None, "roofline chart with verdict traces")
    ytitles = [p["ytitle"] for p in plots]
    check(len(ytitles) >= 2 and all("GFLOP/s" in t for t in ytitles), f"both charts speak GFLOP/s on the CPU ({ytitles})")
    rows = root.locator("table.cs-results tbody tr")
    check(rows.count() == 3 and "GFLOP/s (median ± CI)" in root.locator("table.cs-results").inner_text(),
          "table: three points, GFLOP/s median ± CI")
    # a second shape: the chart and the table follow
    set_number(page, root, "M", 64)
    root.locator("button:has-text('Run')").click()
    wait_for(page, "(el) => /M=64/.test(JSON.stringify([...el.querySelectorAll('.js-plotly-plot')]"
                   ".map(e => e.layout && e.layout.title)))", arg=root.element_handle(), timeout_s=60)
    wait_for(page, "(el) => /done|stopped|error/.test(el.innerText) && !el.querySelector('button.mod-danger:not([disabled])')",
             arg=root.element_handle(), timeout_s=60)
    check("M=64" in json.dumps(page.evaluate(JS_PLOTS)), "the K-sweep chart was updated for M=64")
    check("unclosed file" not in text and "Warning" not in text, "no Python warning in the explorer's status")
    # Stop: a long sweep of points that take ~0.5 s each, stopped while its third point runs: at most one more
    # point finishes (tiny points would finish by the dozen while the click's message crosses to the kernel)
    for label, v in [("M", 256), ("N", 256), ("K from", 2048), ("K step", 2048), ("K to", 2048 * 40),
                     ("warm-up", 5), ("timed", 40)]:
        set_number(page, root, label, v)
    root.locator("button:has-text('Run')").click()
    wait_for(page, "(el) => /\\(3 of 40\\)/.test(el.innerText)", arg=root.element_handle(), timeout_s=60)
    t_stop = time.time()
    root.locator("button:has-text('Stop')").click()
    wait_for(page, "(el) => /stopped/.test(el.innerText) && /of 40 points/.test(el.innerText)",
             arg=root.element_handle(), timeout_s=20)
    n = root.locator("table.cs-results tbody tr").count()
    check(2 <= n <= 3, f"Stop ended the sweep within one point ({n} points kept of 40, "
                       f"{time.time() - t_stop:.1f} s after the click)")
    # the kernel's Interrupt stops a sweep running from the button too
    root.locator("button:has-text('Run')").click()
    wait_for(page, "(el) => /\\(2 of 40\\)/.test(el.innerText)", arg=root.element_handle(), timeout_s=60)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:interrupt-kernel')")
    wait_for(page, "(el) => /kernel interrupt/.test(el.innerText) && /of 40 points/.test(el.innerText)",
             arg=root.element_handle(), timeout_s=20)
    check(True, "the kernel's Interrupt stopped the sweep")
    wait_for(page, JS_KERNEL_IDLE, timeout_s=30)
    if shots is not None:   # the README's picture: a sweep that shows something (fp32 512 x 512, K 256..4096)
        for label, v in [("M", 512), ("N", 512), ("K from", 256), ("K step", 256), ("K to", 4096),
                         ("warm-up", 5), ("timed", 20)]:
            set_number(page, root, label, v)
        root.locator("button:has-text('Run')").click()
        wait_for(page, "(el) => /done/.test(el.innerText) && /4,?096/.test(el.innerText)",
                 arg=root.element_handle(), timeout_s=120)
        shots.mkdir(parents=True, exist_ok=True)
        page.set_viewport_size({"width": 1280, "height": 2400})
        page.wait_for_timeout(800)
        box = root.bounding_box()   # the controls, the K-sweep chart and the start of the roofline
        page.screenshot(path=str(shots / "explorer_cpu.png"), animations="disabled",
                        clip={**box, "height": min(box["height"], 1150)})
        page.set_viewport_size({"width": 1280, "height": 900})
        print(f"  screenshot: {shots / 'explorer_cpu.png'}")
    one_workload_part(page, check)
    errs = stderr_outputs(page)
    check(not errs, f"no stderr output in the notebook ({errs[:2]})")
    logs = log_console_entries(page)
    check(not logs, f"no entry in the Log Console ({logs[:3]})")
    bad = [c for c in console if "serializ" in c.lower() or "widget" in c.lower() or "plotly" in c.lower()]
    check(not bad, f"no widget/plotly error in the browser console ({bad[:3]})")
    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    page.wait_for_timeout(300)
    with contextlib.suppress(Exception):     # 'close without saving' if JupyterLab asks
        page.locator(".jp-Dialog button:has-text(\"Don't Save\"), .jp-Dialog button:has-text('Discard')").first.click(timeout=2000)
    page.wait_for_timeout(300)
    check(nb.read_bytes() == before, "nbs/explore.ipynb unchanged on disk (byte for byte)")


def pick_operation(page, root, op: str, label_prefix: str, shape: str):
    "Choose `op` in the explorer under `root`, wait for its shape field (labelled `label_prefix`...), type `shape`."
    widget_by_label(page, root, "operation", "select").select_option(op)
    wait_for(page, "([el, p]) => [...el.querySelectorAll('label.widget-label')].some(l => l.textContent.startsWith(p))",
             arg=[root.element_handle(), label_prefix], timeout_s=20)
    box = root.locator(".widget-inline-hbox", has=page.locator("label.widget-label", has_text="shape (")).first
    box.locator("input").fill(shape); box.locator("input").press("Enter")


def one_workload_part(page, check: Check):
    "The second explorer (one workload of any operation): attention with its causal flag, Analyze, then a bad shape."
    root = page.locator(".jp-Cell").nth(3)          # the Explorer's cell
    root.scroll_into_view_if_needed()
    pick_operation(page, root, "attention", "shape (B,H", "1,2,64,32")
    causal = root.locator(".widget-checkbox", has_text="causal").locator("input[type=checkbox]")
    with contextlib.suppress(Exception):    # the flags' row renders just after the shape field (CI read 0 once)
        causal.first.wait_for(state="attached", timeout=20_000)
    check(causal.count() == 1, "attention shows its declared flags (a causal checkbox)")
    causal.check()
    for label, v in [("warm-up", 1), ("timed", 5)]: set_number(page, root, label, v)
    root.locator("button:has-text('Analyze')").click()
    wait_for(page, "(el) => /=== Ceiling Scout ===|error/.test(el.innerText) && "
                   "!el.querySelector('button.mod-primary[disabled]')", arg=root.element_handle(), timeout_s=120)
    text = root.inner_text()
    check("Operation: attention" in text and "causal: True" in text,
          f"Analyze: the verdict for causal attention ({text[text.find('==='):][:120]!r})")
    plots = page.evaluate(JS_PLOTS, root.element_handle())
    check(len(plots) == 1 and plots[0]["w"] > 300 and plots[0]["h"] > 200 and "GFLOP/s" in plots[0]["ytitle"],
          f"Analyze: a roofline with a real size, in GFLOP/s ({[(round(p['w']), round(p['h']), p['ytitle']) for p in plots]})")
    pick_operation(page, root, "gemm", "shape (M", "64,0,64")
    root.locator("button:has-text('Analyze')").click()
    wait_for(page, "(el) => /error/.test(el.innerText)", arg=root.element_handle(), timeout_s=30)
    err = root.locator("span[style*='color:#c00']")
    check(err.count() == 1 and "got 0" in err.inner_text(), f"a bad shape is a red one-line status "
                                                            f"({err.inner_text()[:120] if err.count() else None!r})")
    check("Traceback" not in root.inner_text(), "no traceback under the explorer")


def sweep_part(page, url: str, check: Check, reports: Path, shots: Path|None) -> Path|None:
    nb = REPO / "nbs" / "sweep.ipynb"
    before = nb.read_bytes()
    open_notebook(page, url, "nbs/sweep.ipynb")
    # set the parameters in the page, as a user does (never saved): the recorded H100, files into a temp folder
    page.evaluate("""(out) => { const w = window.jupyterapp.shell.currentWidget.content;
        const c = w.widgets.find(c => (c.model.getMetadata && (c.model.getMetadata('tags') || []).includes('parameters')));
        let s = c.model.sharedModel.getSource();
        s = s.replace(/^device = .*$/m, 'device = "h100"').replace(/^output_dir = .*$/m, 'output_dir = ' + JSON.stringify(out));
        c.model.sharedModel.setSource(s); }""", str(reports))
    t0 = time.time()
    run_all(page, timeout_s=90)
    print(f"  sweep.ipynb (h100, recorded) ran in {time.time() - t0:.1f} s")
    page.wait_for_timeout(800)
    plots = page.evaluate(JS_PLOTS)
    check(len(plots) >= 3 and all(p["w"] > 300 and p["h"] > 200 for p in plots),
          f"sweep.ipynb: {len(plots)} charts rendered with a real size")
    text = page.locator(".jp-Notebook").inner_text()
    check("recorded on" in text, "sweep.ipynb: the numbers are labelled as recorded")
    if shots is not None and plots:   # the README's picture of the recorded-H100 report: its K-sweep chart
        shots.mkdir(parents=True, exist_ok=True)
        page.set_viewport_size({"width": 1280, "height": 1400})
        chart = page.locator(".js-plotly-plot").first.element_handle()
        chart.evaluate("e => e.scrollIntoView({block: 'center'})"); page.wait_for_timeout(800)
        chart.screenshot(path=str(shots / "sweep_h100_recorded.png"), animations="disabled")
        page.set_viewport_size({"width": 1280, "height": 900})
        print(f"  screenshot: {shots / 'sweep_h100_recorded.png'}")
    errs = stderr_outputs(page)
    check(not errs, f"sweep.ipynb: no stderr output ({errs[:2]})")
    page.evaluate("() => window.jupyterapp.commands.execute('application:close-all')")
    page.wait_for_timeout(300)
    with contextlib.suppress(Exception):
        page.locator(".jp-Dialog button:has-text(\"Don't Save\"), .jp-Dialog button:has-text('Discard')").first.click(timeout=2000)
    page.wait_for_timeout(300)
    check(nb.read_bytes() == before, "nbs/sweep.ipynb unchanged on disk (byte for byte)")
    pages = sorted(reports.glob("*.html"))
    check(len(pages) == 1, f"sweep.ipynb wrote its HTML report into output_dir ({[p.name for p in pages]})")
    return pages[0] if pages else None


def offline_html_part(browser, page_path: Path, check: Check, shots: Path|None):
    ctx = browser.new_context(viewport={"width": 1280, "height": 900})
    blocked = []
    ctx.route("**/*", lambda r: (blocked.append(r.request.url), r.abort()) if r.request.url.startswith("http")
              else r.continue_())
    page = ctx.new_page(); check.page = page
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(page_path.as_uri(), wait_until="load")
    page.wait_for_timeout(1500)
    plots = page.evaluate(JS_PLOTS)
    check(len(plots) >= 3 and all(p["w"] > 300 and p["h"] > 200 for p in plots),
          f"offline HTML: {len(plots)} charts rendered ({len(blocked)} http(s) requests refused)")
    check(not errors, f"offline HTML: no script error ({errors[:2]})")
    check(not blocked, f"offline HTML: asks the network for nothing ({blocked[:3]})")
    check(page.locator("text=In [").count() == 0, "offline HTML: no code cells")
    ctx.close()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=None, help="where failure screenshots go (default: a temp folder)")
    ap.add_argument("--readme-shots", type=Path, default=None, help="also save the README screenshots here")
    a = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"error: no Chromium at {CHROMIUM} (Debian: apt-get install chromium)", file=sys.stderr); return 2
    from playwright.sync_api import sync_playwright
    tmp = Path(tempfile.mkdtemp(prefix="cs_browser_"))
    out = a.out or tmp / "screenshots"; out.mkdir(parents=True, exist_ok=True)
    check, t0 = Check(out), time.time()
    try:
        with jupyterlab(tmp) as url, sync_playwright() as pw:
            print(f"JupyterLab at {url} ({time.time() - t0:.1f} s)")
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=[  # no background traffic: the network is closed
                "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
                "--disable-component-update", "--disable-sync"])
            ctx = browser.new_context(viewport={"width": 1280, "height": 900})
            page = ctx.new_page(); check.page = page
            page.set_default_timeout(30_000)
            print("explore.ipynb"); explorer_part(page, url, check, a.readme_shots)
            print("sweep.ipynb, device = 'h100'")
            html_page = sweep_part(page, url, check, tmp / "reports", a.readme_shots)
            ctx.close()
            if html_page is not None:
                print("the HTML report, offline"); offline_html_part(browser, html_page, check, a.readme_shots)
            browser.close()
    except Exception as e:
        check(False, f"{type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")
        traceback.print_exc()
        log = tmp / "jupyterlab.log"
        if log.exists(): print("--- JupyterLab log (tail) ---\n" + log.read_text()[-3000:])
    print(f"browser test: {len(check.failures)} failure(s) in {time.time() - t0:.1f} s"
          + (f"; screenshots in {out}" if check.failures else ""))
    if not check.failures: shutil.rmtree(tmp, ignore_errors=True)
    return 1 if check.failures else 0


if __name__ == "__main__":
    sys.exit(main())
