"""``celestia docs``: build the rulebook website in English, French and Hungarian, and
serve it on this computer (``--serve``) — also from an installed package, which carries
the site built when the package was made."""

from __future__ import annotations

import argparse
import importlib.util
import time
from pathlib import Path

from babel.numbers import format_decimal

from .. import site
from ..engine.messages import N_, CelestiaError
from ..i18n import Translator
from ..inputs import argument
from ..site import serve as serving
from ..std_streams import INTERRUPTED

HELP = N_("build the rulebook website in English, French and Hungarian, or serve it")
DEFAULT_OUT = Path("build") / "site"
#: The highest port number there is.
PORT_MAX = 65535


def configure(parser: argparse.ArgumentParser, tr: Translator) -> None:
    _ = tr.gettext
    parser.add_argument("--out", type=_folder(tr), default=DEFAULT_OUT, metavar=_("FOLDER"),
                        help=_("where to write the site (default: build/site)"))
    parser.add_argument("--strict", action="store_true",
                        help=_("treat every Sphinx warning as an error"))
    parser.add_argument("--serve", action="store_true",
                        help=_("then serve the site on this computer and open it in the "
                               "browser (without the sources: the site that came with the "
                               "package)"))
    parser.add_argument("--port", type=argument(tr, 0, PORT_MAX),
                        default=serving.DEFAULT_PORT, metavar=_("PORT"),
                        help=_("the port to serve on (default: {port}; a free one if it is "
                               "taken)").format(port=serving.DEFAULT_PORT))
    parser.add_argument("--no-browser", action="store_true",
                        help=_("serve without opening the browser"))


def _folder(tr: Translator):
    """``--out``: a folder's name; an empty one (which would be the current folder) is
    refused."""

    def parse(text: str) -> Path:
        if not text.strip():
            raise argparse.ArgumentTypeError(tr.gettext(N_(
                "the folder's name is empty: give the folder the site goes in, such as "
                "build/site.")))
        return Path(text)

    parse.__name__ = "folder"
    return parse


def run(args: argparse.Namespace, tr: Translator) -> int:
    has_sources = (site.DOCS_DIR / "conf.py").is_file()
    if args.serve and not has_sources:
        if not (site.PUBLISHED_DIR / "index.html").is_file():
            raise CelestiaError(N_("This installation has neither the rulebook's sources "
                                   "nor a built rulebook: install the package from a "
                                   "wheel, or run this command in a clone of the "
                                   "project."))
        print(tr.gettext(N_("Serving the rulebook that came with the package.")))
        return serve(site.PUBLISHED_DIR, args, tr)
    if not has_sources and (site.PUBLISHED_DIR / "index.html").is_file():
        raise CelestiaError(N_("This installation carries the rulebook already built but "
                               "not its sources: read it with celestia docs --serve, or "
                               "copy it from {path}."), path=str(site.PUBLISHED_DIR))
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from ..site import build as site_build

    try:
        out = build(args, tr)
    except site_build.Stopped as stop:
        # A plain kill or the terminal closing: the build cleaned up; end as the signal
        # asked, quietly (there may be no terminal left to write to).
        return 128 + stop.signum
    return serve(out, args, tr) if args.serve else 0


def build(args: argparse.Namespace, tr: Translator) -> Path:
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("furo") is None:
        raise CelestiaError(N_("Building the rulebook needs Sphinx and the Furo theme, which "
                               "are not installed. Install them with: pip install -e "
                               "'.[docs]'"))
    started = time.perf_counter()
    out: Path = args.out
    # start-up: `celestia --help` imports every command's module (benchmarks/lookup.py)
    from ..site import build as site_build

    site_build.build(out, strict=args.strict)
    print(tr.format(N_("The rulebook is in {path} (built in {seconds} s)."),
                    path=str((out / "index.html").resolve()),
                    seconds=format_decimal(time.perf_counter() - started, "0.0",
                                           locale=tr.language)))
    return out


def serve(folder: Path, args: argparse.Namespace, tr: Translator) -> int:
    try:
        server = serving.make_server(folder, args.port)
    except OSError:
        raise CelestiaError(N_("No port is free to serve the rulebook on this computer."))\
            from None
    url = serving.address(server)
    print(tr.format(N_("The rulebook is served at {url} — press Ctrl-C to stop."), url=url),
          flush=True)
    if not args.no_browser:
        serving.open_browser(url)
    try:
        server.serve_forever()
    except KeyboardInterrupt:   # the way to stop it, which ends it as Ctrl-C ends all
        print(tr.gettext(N_("The rulebook is no longer served.")), flush=True)
        return INTERRUPTED
    finally:
        server.server_close()
    return 0
