"""Headless Chromium driven through the DevTools protocol: the site's browser tests and
the pseudo-language check of the site (``tutor.tools.pseudo_site``) read pages with it.

Chromium is Debian's ``chromium`` package (or the path in ``CHROMIUM``), started as a
reader's browser is: without ``--allow-file-access-from-files``. websocket-client comes
with the ``test`` extra: only the tests and the checks use this module.
"""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

#: (width, height, mobile) of the two screens the site is checked on.
PHONE = (390, 844, True)
DESKTOP = (1280, 800, False)


class BrowserMissing(RuntimeError):
    """Chromium or websocket-client is not installed."""


def chromium_path() -> str | None:
    explicit = os.environ.get("CHROMIUM")
    if explicit:
        return explicit if shutil.which(explicit) else None
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class Page:
    """One browser tab, driven through the DevTools protocol. Console errors and
    uncaught exceptions are collected in ``errors``."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.next_id = 0
        self.errors: list[str] = []
        #: axe-core's script (npm's ``axe-core``), for ``axe``.
        self.axe_script: Path | None = None

    def _event(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        params = message.get("params", {})
        if method == "Runtime.exceptionThrown":
            details = params.get("exceptionDetails", {})
            self.errors.append(details.get("exception", {}).get("description")
                               or details.get("text", "exception"))
        elif method == "Runtime.consoleAPICalled" and params.get("type") == "error":
            self.errors.append(" ".join(str(a.get("value", a.get("description", "")))
                                        for a in params.get("args", [])))
        elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
            self.errors.append(params["entry"].get("text", "error"))

    def send(self, method: str, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        ident = self.next_id
        self.socket.send(json.dumps({"id": ident, "method": method, "params": params}))
        while True:
            reply = json.loads(self.socket.recv())
            if reply.get("id") == ident:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self._event(reply)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", expression=expression, returnByValue=True,
                           awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

    def wait_for(self, expression: str, timeout: float = 15.0) -> Any:
        """Poll ``expression`` until it is truthy; its value."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except RuntimeError:
                value = None  # the page is changing under us: try again
            if value:
                return value
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {expression}")
            time.sleep(0.05)

    def open(self, url: str, lands_on: str | None = None) -> None:
        """Go to ``url``; wait for the page at ``lands_on`` when the page redirects."""
        self.send("Page.navigate", url=url)
        self.wait_until_loaded(url if lands_on is None else lands_on)

    def wait_until_loaded(self, url_part: str = "") -> None:
        self.wait_for(f"document.readyState === 'complete' && "
                      f"location.href.includes({json.dumps(url_part)})")

    def key(self, key: str, shift: bool = False) -> None:
        """Press and release ``key`` as a keyboard does (the browser's own default actions
        follow: Enter or Space on a focused button presses it, Tab moves the focus)."""
        code, text = _KEYS.get(key, (ord(key.upper()) if len(key) == 1 else 0, key))
        common = {"key": key, "code": _CODES.get(key, f"Key{key.upper()}"),
                  "windowsVirtualKeyCode": code, "nativeVirtualKeyCode": code,
                  "modifiers": 8 if shift else 0}
        self.send("Input.dispatchKeyEvent", type="keyDown", text=text, unmodifiedText=text,
                  **common)
        self.send("Input.dispatchKeyEvent", type="keyUp", **common)

    def screen(self, size: tuple[int, int, bool]) -> None:
        """Emulate a screen of (width, height, mobile)."""
        width, height, mobile = size
        self.send("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=mobile)
        self.send("Emulation.setTouchEmulationEnabled", enabled=mobile)

    def axe(self) -> list[dict[str, Any]]:
        """axe-core's violations on the page, serious and critical ones only, with WCAG
        2.2's target size (24 px, or that much space around) checked too: axe leaves that
        rule off unless asked."""
        if self.axe_script is None:
            raise BrowserMissing("axe-core")
        if not self.evaluate("typeof window.axe === 'object'"):
            self.send("Runtime.evaluate",
                      expression=self.axe_script.read_text(encoding="utf-8"))
        found = self.evaluate(
            "axe.run(document, {resultTypes: ['violations'], preload: false, "
            "rules: {'target-size': {enabled: true}}})"
            ".then(r => r.violations"
            ".filter(v => v.impact === 'serious' || v.impact === 'critical')"
            ".map(v => ({id: v.id, impact: v.impact, nodes: v.nodes.slice(0, 3)"
            ".map(n => n.target.join(' '))})))")
        return found

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path

    def pdf_pages(self) -> int:
        """How many A4 pages the current page prints on."""
        data = self.send("Page.printToPDF", paperWidth=8.27, paperHeight=11.69,
                         preferCSSPageSize=True, printBackground=False)["data"]
        pdf = base64.b64decode(data)
        return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


#: Keys that are not letters: (virtual key code, the text they type).
_KEYS = {"Enter": (13, "\r"), "Tab": (9, ""), " ": (32, " "), "Escape": (27, ""),
         "ArrowDown": (40, ""), "ArrowUp": (38, ""), "?": (191, "?")}
_CODES = {"Enter": "Enter", "Tab": "Tab", " ": "Space", "Escape": "Escape",
          "ArrowDown": "ArrowDown", "ArrowUp": "ArrowUp", "?": "Slash"}


@contextmanager
def launched(executable: str | None = None, axe: Path | None = None) -> Iterator[Page]:
    """A headless Chromium with one tab, on the desktop screen, that runs ``axe`` (the
    path of axe-core's script) when asked; closed afterwards. Raises ``BrowserMissing``
    when Chromium or websocket-client is not there."""
    executable = executable or chromium_path()
    if executable is None:
        raise BrowserMissing("Chromium")
    try:
        # optional: websocket-client comes with the test extra, which only checks need
        import websocket
    except ImportError as err:
        raise BrowserMissing("The websocket-client package") from err
    profile = tempfile.mkdtemp(prefix="celestia-chromium-")
    process = subprocess.Popen(
        [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--remote-debugging-port=0", "--hide-scrollbars",
         f"--user-data-dir={profile}", "--window-size=1280,800", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = Path(profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.is_file() and port_file.read_text().strip()):
            if process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("Chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as reply:
            targets = [t for t in json.load(reply) if t.get("type") == "page"]
        # How long one DevTools reply may take: axe on the largest Hungarian page took over
        # a minute once on a loaded 2-core machine; a hung browser still fails.
        socket = websocket.create_connection(targets[0]["webSocketDebuggerUrl"],
                                             timeout=240, suppress_origin=True)
        page = Page(socket)
        page.axe_script = axe
        page.send("Page.enable")
        page.send("Runtime.enable")
        page.send("Log.enable")
        page.screen(DESKTOP)
        try:
            yield page
        finally:
            socket.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)
