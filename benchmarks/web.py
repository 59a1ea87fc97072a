"""How soon a lesson opened cold in the page shows its first question, how soon its first
answer is judged (by the screens the build prepared), and how soon the rules engine has
taken over, on a phone.

    python benchmarks/web.py [--site FOLDER] [--lesson ID] [--runs N] [--every-lesson]

Builds the site (or takes ``--site``) and serves it as a static host does (gzip for the
files that compress), through a link throttled like Lighthouse's mobile profile: 150 ms
round trips, 1.6 Mbit/s down shared by every request — the page's, the service worker's
and the engine's Web Worker's alike (the throttling is the server's, so no request
escapes it). The page runs in a new headless Chromium profile (nothing cached, no
service worker), 390×844, its CPU four times slower (Chromium's CPU throttling; also
asked of the engine's worker, where Chromium allows it). A learner in a hurry presses
Continue as soon as each screen shows and taps the first choice of the first question
at once; the page judges it with its prepared screens, and the engine replays it once
ready.

Printed per run, for the first visit and for a second one once the first has kept the
lessons and pages offline (the service worker's copies):
the time and kilobytes to the first question (prepared by the build, before the engine),
the time until the first answer's feedback shows, and the time until the engine has
taken over (its first screen). Then the medians:

    web answer: <ms> until the first answer is judged, first visit; <ms> on a later visit
    web engine: <ms> until the engine has taken over, first visit; <ms> on a later visit
    web: <KB> to first question, <ms> to first question

``--every-lesson`` then does the same for the first answer of every lesson whose first
decision is a question: each on a first visit (a new profile) and on a later one (one
profile that has kept the site), with the slowest and the medians.
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import http.server
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

from tutor.site.build import build  # noqa: E402
from tutor.site.serve import Handler, address  # noqa: E402
from tutor.tools.chromium import Page, chromium_path  # noqa: E402  (the tests' DevTools client)

#: Lighthouse's mobile profile ("slow 4G" and a mid-range phone's CPU).
LATENCY_MS = 150
DOWN_BYTES_PER_S = 1638.4 * 1024 / 8
CPU_SLOWDOWN = 4
PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
#: What a static host compresses.
COMPRESSED = (".html", ".js", ".mjs", ".css", ".json", ".wasm", ".svg")

#: Set in the page before it loads: note when the first question shows and when the
#: engine has judged the first answer; press Continue on every screen before the first
#: question, and tap its first choice at once.
WATCH = """
window.__learn = {};
new MutationObserver(() => {
  const root = document.getElementById('celestia-learn');
  if (!root) return;
  const now = performance.now();
  const choice = root.querySelector('.celestia-choice');
  if (!window.__learn.question && choice) {
    window.__learn.question = now;
    window.__learn.questionBytes = performance.getEntriesByType('navigation')
      .concat(performance.getEntriesByType('resource'))
      .filter(e => e.responseEnd <= now).reduce((sum, e) => sum + (e.transferSize || 0), 0);
    setTimeout(() => choice.click(), 0);
  }
  if (!window.__learn.answered && window.__learn.question &&
      root.querySelector('.celestia-feedback .celestia-entry')) {
    window.__learn.answered = now;
  }
  if (!window.__learn.judged && Number(root.dataset.views || 0) > 0 &&
      root.querySelector('.celestia-feedback .celestia-entry')) {
    window.__learn.judged = now;
  }
  const go = root.querySelector('.celestia-lesson[data-pause="say"] .celestia-primary');
  if (go && !window.__learn.question && go !== window.__learn.pressed) {
    window.__learn.pressed = go;
    setTimeout(() => go.click(), 0);
  }
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


class Link:
    """One shared downlink: every response waits for its turn on it (bytes / speed)."""

    def __init__(self, bytes_per_s: float) -> None:
        self.bytes_per_s = bytes_per_s
        self.lock = threading.Lock()
        self.free_at = time.monotonic()
        self.sent = 0

    def send(self, size: int) -> float:
        """Book ``size`` bytes on the link; the time (monotonic) they are through."""
        with self.lock:
            start = max(time.monotonic(), self.free_at)
            self.free_at = start + size / self.bytes_per_s
            self.sent += size
            return self.free_at


def throttled_server(folder: Path, link: Link) -> http.server.ThreadingHTTPServer:
    """The site served as a static host does, through ``link``: a round trip before each
    response, then its (gzipped) bytes at the link's speed."""
    packed: dict[Path, bytes] = {}

    class Throttled(Handler):
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, directory=str(folder), **kwargs)

        def do_GET(self) -> None:  # noqa: N802 (the standard library's name)
            time.sleep(LATENCY_MS / 1000)
            path = Path(self.translate_path(self.path))
            if path.is_dir():
                path = path / "index.html"
            if not path.is_file():
                self.send_error(404)
                return
            body = path.read_bytes()
            encoding = None
            if path.suffix in COMPRESSED and "gzip" in self.headers.get("Accept-Encoding", ""):
                if path not in packed:
                    packed[path] = gzip.compress(body, 6)
                body, encoding = packed[path], "gzip"
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(str(path)))
            self.send_header("Content-Length", str(len(body)))
            if encoding:
                self.send_header("Content-Encoding", encoding)
            self.end_headers()
            # Each piece goes out when the link has carried it: responses in flight at
            # once share the link's speed.
            for start in range(0, len(body), 16384):
                piece = body[start:start + 16384]
                time.sleep(max(0.0, link.send(len(piece)) - time.monotonic()))
                # A tab closed while this file was on its way ends the write:
                # ``Handler.handle`` takes it quietly.
                self.wfile.write(piece)

    return http.server.ThreadingHTTPServer(("127.0.0.1", 0), Throttled)


class Tab(Page):
    """A DevTools page that also throttles the CPU of the workers the page starts."""

    def __init__(self, socket: Any) -> None:
        super().__init__(socket)
        self.replies: dict[int, dict[str, Any]] = {}
        self.attached: list[str] = []
        self.worker_cpu: list[bool] = []

    def send(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        message: dict[str, Any] = {"id": ident, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        self.socket.send(json.dumps(message))
        while ident not in self.replies:
            reply = json.loads(self.socket.recv())
            if "id" in reply:
                self.replies[reply["id"]] = reply
            else:
                self._event(reply)
        reply = self.replies.pop(ident)
        while self.attached and session is None:
            self._set_up_worker(self.attached.pop())
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply.get("result", {})

    def _event(self, message: dict[str, Any]) -> None:
        super()._event(message)
        if message.get("method") == "Target.attachedToTarget":
            self.attached.append(message["params"]["sessionId"])

    def _set_up_worker(self, session: str) -> None:
        try:
            self.send("Emulation.setCPUThrottlingRate", session=session, rate=CPU_SLOWDOWN)
            self.worker_cpu.append(True)
        except RuntimeError:
            self.worker_cpu.append(False)  # this Chromium does not throttle workers
        with contextlib.suppress(RuntimeError):  # a worker that did not wait
            self.send("Runtime.runIfWaitingForDebugger", session=session)


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
    deadline = time.monotonic() + 120
    while not (port_file.is_file() and port_file.read_text().strip()):
        if time.monotonic() > deadline:
            sys.exit("Chromium did not start.")
        time.sleep(0.05)
    port = int(port_file.read_text().split()[0])
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as reply:
        target = next(t for t in json.load(reply) if t.get("type") == "page")
    tab = Tab(websocket.create_connection(target["webSocketDebuggerUrl"], timeout=900,
                                          suppress_origin=True))
    for method in ("Page.enable", "Runtime.enable"):
        tab.send(method)
    tab.send("Emulation.setDeviceMetricsOverride", **PHONE)
    tab.send("Emulation.setTouchEmulationEnabled", enabled=True)
    tab.send("Emulation.setCPUThrottlingRate", rate=CPU_SLOWDOWN)
    tab.send("Target.setAutoAttach", autoAttach=True, waitForDebuggerOnStart=False,
             flatten=True)
    tab.send("Page.addScriptToEvaluateOnNewDocument", source=WATCH)
    return process, tab


def visit(tab: Tab, url: str, link: Link) -> dict[str, float]:
    """Open ``url`` with no progress kept (the service worker's copies stay); the figures
    of this visit."""
    tab.send("Page.navigate", url="about:blank")
    origin = url.split("/en/")[0]
    tab.send("Storage.clearDataForOrigin", origin=origin, storageTypes="local_storage")
    sent = link.sent
    tab.send("Page.navigate", url=url)
    tab.wait_for("window.__learn && window.__learn.question", timeout=600)
    question = tab.evaluate("window.__learn")
    print(f"  first question after {question['question']:.0f} ms …", file=sys.stderr,
          flush=True)
    tab.wait_for("window.__learn && window.__learn.judged", timeout=1800)
    found = tab.evaluate("window.__learn")
    # A later visit comes after this one has kept the lessons and the pages offline (the
    # menu's "available offline"), as it does at a reader's pace.
    tab.wait_for("(document.getElementById('celestia-offline') || {dataset: {}})"
                 ".dataset.state === 'ready'", timeout=1800)
    offline = tab.evaluate("performance.now()")
    return {"question_ms": question["question"], "question_kb": question["questionBytes"] / 1024,
            "answered_ms": found.get("answered", found["judged"]), "judged_ms": found["judged"],
            "network_kb": (link.sent - sent) / 1024, "offline_ms": offline}


def first_answer(tab: Tab, url: str) -> float:
    """Open ``url`` with no progress kept; when its first answer is judged (ms)."""
    tab.send("Page.navigate", url="about:blank")
    tab.send("Storage.clearDataForOrigin", origin=url.split("/en/")[0],
             storageTypes="local_storage")
    tab.send("Page.navigate", url=url)
    tab.wait_for("window.__learn && window.__learn.answered", timeout=600)
    return float(tab.evaluate("window.__learn.answered"))


def asking_lessons(site: Path) -> list[str]:
    """The lessons whose first decision is a question (their prepared screens hold it)."""
    found = []
    for path in sorted((site / "en" / "_learn").glob("*.json")):
        nodes = json.loads(path.read_text(encoding="utf-8")).get("nodes", [])
        first = next((n for n in nodes if n.get("choose")), None)
        if first is not None and first["lesson"].get("pause") == "ask":
            found.append(path.stem)
    return found


def every_lesson(site: Path, server: http.server.ThreadingHTTPServer, link: Link,
                 work: Path) -> None:
    """The first answer of every lesson that starts with a question: on a first visit
    (a new profile each), then on a later visit (one profile that has kept the site)."""
    lessons = asking_lessons(site)
    base = f"{address(server)}en/learn.html#"
    cold: dict[str, float] = {}
    for lesson in lessons:
        profile = work / f"cold-{lesson}"
        profile.mkdir()
        process, tab = open_browser(profile)
        try:
            cold[lesson] = first_answer(tab, base + lesson)
        finally:
            tab.socket.close()
            process.terminate()
            process.wait(timeout=30)
        time.sleep(1)  # the closed tab's downloads leave the link
    profile = work / "warm"
    profile.mkdir()
    process, tab = open_browser(profile)
    try:
        visit(tab, base + lessons[0], link)
        warm = {lesson: first_answer(tab, base + lesson) for lesson in lessons}
    finally:
        tab.socket.close()
        process.terminate()
        process.wait(timeout=30)
    for lesson in lessons:
        print(f"  {lesson:<18} first answer judged {cold[lesson]:6.0f} ms first visit, "
              f"{warm[lesson]:6.0f} ms later visit")
    slow_cold = max(cold, key=cold.__getitem__)
    slow_warm = max(warm, key=warm.__getitem__)
    print(f"web every lesson: {len(lessons)} lessons start with a question; first answer "
          f"judged within {cold[slow_cold]:.0f} ms on a first visit (slowest: {slow_cold}), "
          f"{warm[slow_warm]:.0f} ms on a later visit (slowest: {slow_warm}); medians "
          f"{statistics.median(cold.values()):.0f} and {statistics.median(warm.values()):.0f} ms")


def runtime_bytes(site: Path) -> int:
    return sum(p.stat().st_size for p in (site / "_learn").rglob("*") if p.is_file())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--site", type=Path, help="a site already built (default: build one)")
    parser.add_argument("--lesson", default="goal")
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--every-lesson", action="store_true",
                        help="also time the first answer of every lesson that starts with "
                             "a question, first and later visit")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="celestia-web-"))
    try:
        site = args.site
        if site is None:
            site = work / "site"
            build(site, strict=True)
        link = Link(DOWN_BYTES_PER_S)
        server = throttled_server(site, link)
        threading.Thread(target=server.serve_forever, daemon=True).start()
        url = f"{address(server)}en/learn.html#{args.lesson}"
        print(f"profile: {LATENCY_MS} ms round trips, {DOWN_BYTES_PER_S * 8 / 1024:.0f} kbit/s "
              f"down for every request (gzip as static hosts serve), CPU x{CPU_SLOWDOWN}, "
              f"390x844 phone; lesson '{args.lesson}' opened cold")
        print(f"the engine's files (Pyodide, the tutor package): "
              f"{runtime_bytes(site) / 1024:.0f} KB as published")
        cold, warm = [], []
        for run in range(1, args.runs + 1):
            profile = work / f"profile-{run}"
            profile.mkdir()
            process, tab = open_browser(profile)
            try:
                cold.append(visit(tab, url, link))
                warm.append(visit(tab, url, link))
                workers = tab.worker_cpu
            finally:
                tab.socket.close()
                process.terminate()
                process.wait(timeout=30)
            first, second = cold[-1], warm[-1]
            cpu = ("worker CPU throttled too" if workers and all(workers)
                   else "worker CPU not throttled (not supported)")
            print(f"run {run}: first visit: first question {first['question_kb']:.0f} KB, "
                  f"{first['question_ms']:.0f} ms; first answer judged "
                  f"{first['answered_ms']:.0f} ms; engine took over {first['judged_ms']:.0f} "
                  f"ms, {first['network_kb']:.0f} KB through the link, available offline after "
                  f"{first['offline_ms']:.0f} ms; second visit: first "
                  f"question {second['question_ms']:.0f} ms, first answer judged "
                  f"{second['answered_ms']:.0f} ms, engine {second['judged_ms']:.0f} ms, "
                  f"{second['network_kb']:.0f} KB; {cpu}")
        kb = statistics.median(v["question_kb"] for v in cold)
        ms = statistics.median(v["question_ms"] for v in cold)
        answered = statistics.median(v["answered_ms"] for v in cold)
        answered_again = statistics.median(v["answered_ms"] for v in warm)
        judged = statistics.median(v["judged_ms"] for v in cold)
        again = statistics.median(v["judged_ms"] for v in warm)
        print(f"web answer: {answered:.0f} ms until the first answer is judged, first visit; "
              f"{answered_again:.0f} ms on a later visit")
        print(f"web engine: {judged:.0f} ms until the engine has taken over, first visit; "
              f"{again:.0f} ms on a later visit")
        print(f"web: {kb:.0f} KB to first question, {ms:.0f} ms to first question")
        if args.every_lesson:
            every_lesson(site, server, link, work)
        server.shutdown()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
