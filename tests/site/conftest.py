"""Fixtures for the rulebook site: one three-language build per test session, and a
headless Chromium driven through the DevTools protocol.

Chromium is Debian's ``chromium`` package (or the path in ``CHROMIUM``). Without it the
browser tests skip, except when ``CI`` is set: then they fail, so that a CI image that
lost the browser cannot pass silently.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tutor.site.build import build


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site, built once, strictly (warnings are errors), in every language."""
    out = tmp_path_factory.mktemp("site")
    build(out, strict=True)
    return out


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI (CI is set) but is missing")
    pytest.skip(f"{what} is not installed")


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
    """One browser tab, driven through the DevTools protocol."""

    def __init__(self, socket: Any) -> None:
        self.socket = socket
        self.next_id = 0

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

    def screenshot(self, path: Path) -> Path:
        data = self.send("Page.captureScreenshot", format="png")["data"]
        import base64

        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(base64.b64decode(data))
        return path


@pytest.fixture(scope="session")
def browser() -> Iterator[Page]:
    executable = chromium_path()
    if executable is None:
        _missing("Chromium")
    try:
        import websocket
    except ImportError:
        _missing("The websocket-client package")
    profile = tempfile.mkdtemp(prefix="celestia-chromium-")
    process = subprocess.Popen(
        [executable, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--allow-file-access-from-files", "--remote-debugging-port=0",
         f"--user-data-dir={profile}", "--window-size=1200,900", "about:blank"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        port_file = Path(profile) / "DevToolsActivePort"
        deadline = time.monotonic() + 30
        while not (port_file.is_file() and port_file.read_text().strip()):
            if process.poll() is not None or time.monotonic() > deadline:
                pytest.fail("Chromium did not start its DevTools endpoint")
            time.sleep(0.05)
        port = int(port_file.read_text().split()[0])
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list") as reply:
            targets = [t for t in json.load(reply) if t.get("type") == "page"]
        socket = websocket.create_connection(targets[0]["webSocketDebuggerUrl"],
                                             timeout=30, suppress_origin=True)
        page = Page(socket)
        page.send("Page.enable")
        page.send("Runtime.enable")
        yield page
        socket.close()
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
        shutil.rmtree(profile, ignore_errors=True)
