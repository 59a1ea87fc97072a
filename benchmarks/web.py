"""How soon a lesson opened cold in the page shows its first question, on a phone.

    python benchmarks/web.py [--site FOLDER] [--lesson ID] [--runs N]

Builds the site (or takes ``--site``), serves it as ``celestia docs --serve`` does and
opens ``en/learn.html#<lesson>`` in a new headless Chromium profile (nothing cached, no
service worker), throttled through the DevTools protocol like Lighthouse's mobile profile:
150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up, the CPU four times slower. A learner
in a hurry presses Continue as soon as each screen shows; the first question is the
first screen with choices. The script prints, per run, the time and kilobytes to the
first question and to the engine's readiness (the first answer judged by the rules
engine in Python), then the same for a second visit (the service worker's copies), and
last:

    web: <KB> to first question, <ms> to first question

(the medians). The engine's files are fetched by a Web Worker, whose requests Chromium
does not throttle with the page's: the time to the engine is printed as measured and as
its download would take on the throttled link.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "site"))

from conftest import Page, chromium_path  # noqa: E402  (the site tests' DevTools client)

from tutor.site.build import build  # noqa: E402
from tutor.site.serve import address, make_server  # noqa: E402

#: Lighthouse's mobile profile ("slow 4G" and a mid-range phone's CPU).
LATENCY_MS = 150
DOWN_BYTES_PER_S = 1638.4 * 1024 / 8
UP_BYTES_PER_S = 750 * 1024 / 8
CPU_SLOWDOWN = 4
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}

#: Set in the page before it loads: note when the first question and the engine's first
#: screen appear, and press Continue on every screen before the first question.
WATCH = """
window.__learn = {};
new MutationObserver(() => {
  const root = document.getElementById('celestia-learn');
  if (!root) return;
  const now = performance.now();
  if (!window.__learn.question && root.querySelector('.celestia-choice')) {
    window.__learn.question = now;
    window.__learn.questionBytes = performance.getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource'))
      .filter(e => e.responseEnd <= now).reduce((sum, e) => sum + (e.transferSize || 0), 0);
  }
  if (!window.__learn.engine && Number(root.dataset.views || 0) > 0) {
    window.__learn.engine = now;
  }
  const go = root.querySelector('.celestia-lesson[data-pause="say"] .celestia-primary');
  if (go && !window.__learn.question && go !== window.__learn.pressed) {
    window.__learn.pressed = go;
    setTimeout(() => go.click(), 0);
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


class Tab(Page):
    """A DevTools page that also adds up the bytes each request brought."""

    def __init__(self, socket: Any) -> None:
        super().__init__(socket)
        self.bytes = 0

    def _event(self, message: dict[str, Any]) -> None:
        super()._event(message)
        if message.get("method") == "Network.loadingFinished":
            self.bytes += int(message["params"].get("encodedDataLength", 0))


def open_browser(profile: Path) -> tuple[subprocess.Popen[bytes], Tab]:
    import websocket

    executable = chromium_path()
    if executable is None:
        sys.exit("Chromium is needed (Debian's chromium package).")
    process = subprocess.Popen(
        [executable, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    port_file = profile / "DevToolsActivePort"
    deadline = time.monotonic() + 30
    while not (port_file.is_file() and port_file.read_text().strip()):
        if time.monotonic() > deadline:
            sys.exit("Chromium did not start.")
        time.sleep(0.05)
    port = int(port_file.read_text().split()[0])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as reply:
        target = next(t for t in json.load(reply) if t.get("type") == "page")
    tab = Tab(websocket.create_connection(target["webSocketDebuggerUrl"], timeout=600,
                                          suppress_origin=True))
    for method in ("Page.enable", "Runtime.enable", "Network.enable"):
        tab.send(method)
    tab.send("Network.setCacheDisabled", cacheDisabled=False)
    tab.send("Emulation.setDeviceMetricsOverride", **PHONE)
    tab.send("Emulation.setTouchEmulationEnabled", enabled=True)
    tab.send("Emulation.setCPUThrottlingRate", rate=CPU_SLOWDOWN)
    tab.send("Network.emulateNetworkConditions", offline=False, latency=LATENCY_MS,
             downloadThroughput=DOWN_BYTES_PER_S, uploadThroughput=UP_BYTES_PER_S)
    tab.send("Page.addScriptToEvaluateOnNewDocument", source=WATCH)
    return process, tab


def visit(tab: Tab, url: str) -> dict[str, float]:
    """Open ``url``; the figures of this visit."""
    tab.bytes = 0
    tab.send("Page.navigate", url="about:blank")
    tab.send("Page.navigate", url=url)
    tab.wait_for("window.__learn && window.__learn.question", timeout=300)
    question = tab.evaluate("window.__learn")
    tab.wait_for("window.__learn && window.__learn.engine", timeout=900)
    found = tab.evaluate("window.__learn")
    return {"question_ms": question["question"], "question_kb": question["questionBytes"] / 1024,
            "engine_ms": found["engine"], "engine_kb": tab.bytes / 1024}


def runtime_bytes(site: Path) -> int:
    return sum(p.stat().st_size for p in (site / "_learn").rglob("*") if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--lesson", default="goal")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="celestia-web-"))
    try:
        site = args.site
        if site is None:
            site = work / "site"
            build(site, strict=True)
        server = make_server(site, 0)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"{address(server)}en/learn.html#{args.lesson}"
        engine_bytes = runtime_bytes(site)
        download_s = engine_bytes / DOWN_BYTES_PER_S
        print(f"profile: {LATENCY_MS} ms round trips, {DOWN_BYTES_PER_S * 8 / 1024:.0f} kbit/s "
              f"down, CPU x{CPU_SLOWDOWN}, 390x844 phone; lesson '{args.lesson}' opened cold")
        print(f"the engine's files (Pyodide, the tutor package): {engine_bytes / 1024:.0f} KB, "
              f"{download_s:.0f} s on this link")
        cold, warm = [], []
        for run in range(1, args.runs + 1):
            profile = work / f"profile-{run}"
            profile.mkdir()
            process, tab = open_browser(profile)
            try:
                cold.append(visit(tab, url))
                warm.append(visit(tab, url))
            finally:
                tab.socket.close()
                process.terminate()
                process.wait(timeout=30)
            first, second = cold[-1], warm[-1]
            print(f"run {run}: first question {first['question_kb']:.0f} KB, "
                  f"{first['question_ms']:.0f} ms; engine ready {first['engine_ms']:.0f} ms "
                  f"as measured (worker not throttled), about "
                  f"{max(first['engine_ms'], download_s * 1000):.0f} ms with its download "
                  f"throttled; second visit: first question {second['question_ms']:.0f} ms, "
                  f"engine ready {second['engine_ms']:.0f} ms, "
                  f"{second['engine_kb']:.0f} KB from the network")
        kb = statistics.median(v["question_kb"] for v in cold)
        ms = statistics.median(v["question_ms"] for v in cold)
        print(f"web: {kb:.0f} KB to first question, {ms:.0f} ms to first question")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
