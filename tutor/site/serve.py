"""Serve a built rulebook on this computer (``celestia docs --serve``).

A plain static server on 127.0.0.1 — nothing is reachable from another machine — with
the MIME types a browser insists on for scripts and WebAssembly (the lessons of the
"Learn" section will need ``.wasm``, ``.js``, ``.mjs`` and ``.json`` served as such).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import socket
import threading
import webbrowser
from pathlib import Path
from typing import ClassVar

#: Served with these types whatever the system's MIME table says.
TYPES = {".html": "text/html; charset=utf-8", ".js": "text/javascript; charset=utf-8",
         ".mjs": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
         ".json": "application/json", ".wasm": "application/wasm",
         ".svg": "image/svg+xml", ".txt": "text/plain; charset=utf-8",
         ".zip": "application/zip", ".whl": "application/zip", ".tar": "application/x-tar",
         ".data": "application/octet-stream", ".webmanifest": "application/manifest+json"}
DEFAULT_PORT = 8015


class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map, **TYPES}

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: the terminal shows where the site is, not every request."""

    def handle(self) -> None:
        # A browser stops a download it no longer needs (a closed tab, a page left before
        # it loaded, the service worker cancelling a request): routine, not an error to
        # print over the terminal.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()

    def end_headers(self) -> None:
        # A rebuilt page must show at once, not a stale copy.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()


def make_server(folder: Path, port: int = DEFAULT_PORT) -> http.server.ThreadingHTTPServer:
    """A server for ``folder`` on 127.0.0.1: on ``port``, or on any free port if that one
    is taken (``port`` 0 always picks a free one)."""
    handler = functools.partial(Handler, directory=str(folder))
    try:
        return http.server.ThreadingHTTPServer(("127.0.0.1", port), handler)
    except OSError:
        if port == 0:
            raise
        return http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)


def address(server: http.server.ThreadingHTTPServer) -> str:
    host, port = server.server_address[:2]
    return f"http://{host if isinstance(host, str) else socket.gethostname()}:{port}/"


def open_browser(url: str) -> None:
    """Open ``url`` in the user's browser without waiting for it (no browser: nothing)."""
    def run() -> None:
        with contextlib.suppress(webbrowser.Error):
            webbrowser.open(url)

    threading.Thread(target=run, daemon=True).start()
