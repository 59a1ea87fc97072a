"""Fixtures for the rulebook site: one three-language build per test session, a local
server for it, and a headless Chromium driven through the DevTools protocol.

Chromium is Debian's ``chromium`` package (or the path in ``CHROMIUM``), started as a
reader's browser is: without ``--allow-file-access-from-files``. axe-core comes from npm
(``tests/site/js``, installed by ``.ci/run`` with ``npm ci``). Without Chromium or
axe-core the browser tests skip, except when ``CI`` is set: then they fail, so that a CI
image that lost them cannot pass silently.
"""

from __future__ import annotations

import contextlib
import io
import os
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tutor.site.serve import address, make_server
from tutor.tools import chromium
from tutor.tools.chromium import BrowserMissing, Page, chromium_path, launched

AXE = Path(__file__).resolve().parent / "js" / "node_modules" / "axe-core" / "axe.min.js"
#: (width, height, mobile) of the two screens the site is checked on.
PHONE, DESKTOP = chromium.PHONE, chromium.DESKTOP


#: A site already built from this tree (CI builds it just before the tests: .ci/run):
#: the session uses it instead of building its own.
BUILT_SITE = "CELESTIA_TEST_SITE"


@pytest.fixture(scope="session")
def built_site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str | None]:
    """The site, built once per session the way a person builds it — ``celestia docs
    --strict`` (warnings are errors), in every language — and what the command printed
    (None when the session reuses the folder named by ``CELESTIA_TEST_SITE``). Like every
    session fixture it runs with the session's own HOME and state folder (the root
    conftest), never the real user's."""
    reused = os.environ.get(BUILT_SITE)
    if reused:
        folder = Path(reused)
        if not (folder / "index.html").is_file() or not (folder / "en" / "book.html").is_file():
            pytest.fail(f"{BUILT_SITE}={reused} holds no built site")
        return folder, None
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        out = tmp_path_factory.mktemp("site")
        return out, _build_site(out)
    # The workers of one run (pytest-xdist) share one build: the first to come builds
    # it, the others wait for it.
    from filelock import FileLock

    shared = tmp_path_factory.getbasetemp().parent
    out, report = shared / "site", shared / "site-printed.txt"
    with FileLock(shared / "site.lock"):
        if not report.is_file():
            out.mkdir(exist_ok=True)
            report.write_text(_build_site(out), encoding="utf-8")
    return out, report.read_text(encoding="utf-8")


def _build_site(out: Path) -> str:
    """Build the site into ``out`` with ``celestia docs --strict``; what it printed."""
    from tutor.cli import main

    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        code = main(["docs", "--strict", "--out", str(out), "--lang", "fr"])
    assert code == 0, printed.getvalue()
    return printed.getvalue()


@pytest.fixture(scope="session")
def site(built_site: tuple[Path, str | None]) -> Path:
    """The built site's folder (see ``built_site``)."""
    return built_site[0]


@pytest.fixture(scope="session")
def served(site: Path) -> Iterator[str]:
    """The site served over HTTP on 127.0.0.1 (as ``celestia docs --serve`` does)."""
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield address(server)
    server.shutdown()
    server.server_close()


def _missing(what: str) -> None:
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI (CI is set) but is missing")
    pytest.skip(f"{what} is not installed")


@pytest.fixture(scope="session")
def browser() -> Iterator[Page]:
    if chromium_path() is None:
        _missing("Chromium")
    if not AXE.is_file():
        _missing("axe-core (npm ci --prefix tests/site/js)")
    try:
        with launched(axe=AXE) as page:
            yield page
    except BrowserMissing as missing:
        _missing(str(missing))
