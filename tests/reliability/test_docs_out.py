"""``celestia docs --out`` (issue 27): the site is built only into a new or empty folder
or over an earlier build, never over the user's files or into the current folder, and
atomically; a failed Sphinx run is said in the reader's language with its log kept.

Sphinx takes a minute per language: here its processes are stood in for by a shell
command that writes a page (or fails as Sphinx fails), and the lessons' publishing is
left out; everything else is the real build.
"""

from __future__ import annotations

import errno
import os
import shlex
from pathlib import Path

import pytest

from tutor.site import build as site_build

from .helpers import english_words, files, leaks, run

PAGE = "<!DOCTYPE html><html><body><p>page</p></body></html>"


def _fake_sphinx(monkeypatch: pytest.MonkeyPatch, script: str = "", code: int = 0,
                 page: str = PAGE) -> None:
    """Each Sphinx job writes ``page`` into its folder, prints ``script``'s output and
    ends with ``code``."""

    def command(language: str, out: Path, work: Path, strict: bool,
                builder: str = "html") -> list[str]:
        body = (f"mkdir -p {shlex.quote(str(out))} && printf %s {shlex.quote(page)} > "
                f"{shlex.quote(str(out / 'index.html'))}; {script} exit {code}")
        return ["sh", "-c", body]

    monkeypatch.setattr(site_build, "sphinx_command", command)
    monkeypatch.setattr("tutor.site.build.publish", lambda out, languages: None)
    # The offline files (service worker, manifests) list what publish wrote: none here.
    monkeypatch.setattr("tutor.site.build.offline_files", lambda out, languages: [])
    monkeypatch.setattr("tutor.site.offline.write", lambda out, languages, lessons: None)


def test_an_empty_out_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "notes.txt").write_text("mine\n", encoding="utf-8")
    for language, said in (("en", "the folder's name is empty"),
                           ("fr", "le nom du dossier est vide"),
                           ("hu", "üres a mappa neve")):
        done = run("docs", "--out", "", "--lang", language)
        assert done.code == 2 and said in done.err, done
    assert files(tmp_path) == {"notes.txt": b"mine\n"}


def test_the_current_folder_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "empty").mkdir()
    monkeypatch.chdir(tmp_path / "empty")
    for out in (".", "..", str(tmp_path)):
        done = run("docs", "--out", out, "--lang", "en")
        assert done.code == 2 and "not built in the current folder" in done.err, done
    assert list((tmp_path / "empty").iterdir()) == []


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_a_folder_with_files_of_its_own_is_left_alone(
        language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sphinx(monkeypatch)
    folder = tmp_path / "mine"
    (folder / "_learn").mkdir(parents=True)
    (folder / "_learn" / "notes.txt").write_text("mine\n", encoding="utf-8")
    (folder / "index.html").write_text("<p>my page</p>\n", encoding="utf-8")
    before = files(tmp_path)
    done = run("docs", "--out", str(folder), "--lang", language)
    assert done.code == 2, done
    assert str(folder) in done.err and "_learn, index.html" in done.err
    if language == "en":
        assert "already holds files that are not a Celestia rulebook" in done.err
    else:
        assert not leaks(done.text) and not english_words(done.text, [str(folder)]), done
    assert files(tmp_path) == before and sorted(p.name for p in tmp_path.iterdir()) == ["mine"]


def test_a_new_folder_an_empty_one_and_an_earlier_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sphinx(monkeypatch)
    out = tmp_path / "site"
    assert run("docs", "--out", str(out), "--lang", "en").code == 0
    assert (out / site_build.MARKER).is_file() and (out / "fr" / "index.html").is_file()
    (out / "fr" / "stale.html").write_text("old", encoding="utf-8")
    again = run("docs", "--out", str(out), "--lang", "en")
    assert again.code == 0, again
    assert not (out / "fr" / "stale.html").exists()   # the whole earlier build replaced
    empty = tmp_path / "empty"
    empty.mkdir()
    assert run("docs", "--out", str(empty), "--lang", "en").code == 0
    assert (empty / "index.html").is_file()
    # Only the sites: no temporary folder left beside them.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty", "site"]


def test_a_build_made_before_the_marker_is_an_earlier_build(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sphinx(monkeypatch)
    out = tmp_path / "site"
    (out / "en").mkdir(parents=True)
    (out / "index.html").write_text(site_build.start_page(), encoding="utf-8")
    done = run("docs", "--out", str(out), "--lang", "en")
    assert done.code == 0, done
    assert (out / site_build.MARKER).is_file()


def test_a_failed_build_leaves_the_earlier_one_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    _fake_sphinx(monkeypatch)
    out = tmp_path / "site"
    assert run("docs", "--out", str(out), "--lang", "en").code == 0
    before = files(out)
    _fake_sphinx(monkeypatch, "echo 'Traceback (most recent call last):'; "
                              "echo 'RuntimeError: the theme broke';", code=2,
                 page="<p>half of a new page")
    done = run("docs", "--out", str(out), "--lang", "en")
    assert done.code == 2, done
    assert files(out) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["site"]


#: What a Sphinx process printed when it failed, and what the reader is told.
FAILURES = [
    ("Traceback (most recent call last):\n  File \"x.py\", line 1\nOSError: [Errno 28] No "
     "space left on device: '/tmp/x/en/index.html'",
     {"en": "Sphinx could not use /tmp/x/en/index.html: the disk is full.",
      "fr": "le disque est plein", "hu": "megtelt a lemez"}),
    ("/src/docs/rules.rst:12: WARNING: undefined label: 'nowhere'\n\nWarning, treated as "
     "error:\n/src/docs/rules.rst:12:undefined label",
     {"en": "it found one in /src/docs/rules.rst at line 12", "fr": "à la ligne 12",
      "hu": "12. sor"}),
    ("Traceback (most recent call last):\n  File \"sphinx/cmd/build.py\", line 3\n"
     "sphinx.errors.ThemeError: no theme named 'furo' found",
     {"en": "Sphinx stopped on an unexpected error (ThemeError)", "fr": "ThemeError",
      "hu": "ThemeError"}),
    ("", {"en": "Sphinx stopped without saying why", "fr": "sans dire pourquoi",
          "hu": "nem mondta meg, miért"}),
]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
@pytest.mark.parametrize(("output", "said"), FAILURES)
def test_a_sphinx_failure_is_said_in_the_reader_language_with_its_log_kept(
        output: str, said: dict[str, str], language: str, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    _fake_sphinx(monkeypatch, f"printf '%s\\n' {shlex.quote(output)};", code=2)
    out = tmp_path / "site"
    done = run("docs", "--out", str(out), "--lang", language)
    assert done.code == 2, done
    assert "Traceback" not in done.text and "Errno" not in done.text, done
    assert said[language] in done.err, done
    (log,) = user_folders.state.glob("docs-build-*.log")
    assert str(log) in done.err
    assert output.splitlines()[-1:] == [] or output.splitlines()[-1] in log.read_text(
        encoding="utf-8")
    if language != "en":
        assert not leaks(done.text) and not english_words(
            done.text, [str(out), str(log), "Sphinx", *output.split()]), done
    assert not out.exists() and sorted(p.name for p in tmp_path.iterdir()) == []


def test_a_full_disk_while_finishing_the_site_is_a_folder_problem(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _fake_sphinx(monkeypatch)

    def full(folder: Path, language: str) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(site_build, "polish", full)
    out = tmp_path / "site"
    done = run("docs", "--out", str(out), "--lang", "fr")
    assert done.code == 2, done
    assert "Le site ne peut pas être écrit dans" in done.err and "le disque est plein" in \
        done.err, done
    assert "n’a pas pu écrire ce qu’elle avait à afficher" not in done.err   # not stdout's
    assert not out.exists() and list(tmp_path.iterdir()) == []


def test_a_full_disk_names_the_page_in_the_folder_asked_for(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, user_folders) -> None:
    """Sphinx writes into a temporary folder that is gone when the reader reads the
    message: the page is named in the folder they asked for."""

    def command(language: str, out: Path, work: Path, strict: bool,
                builder: str = "html") -> list[str]:
        said = f"WARNING: error writing file {out}/setup.html: [Errno 28] No space left on device"
        return ["sh", "-c", f"printf '%s\\n' {shlex.quote(said)}; exit 2"]

    monkeypatch.setattr(site_build, "sphinx_command", command)
    out = tmp_path / "site"
    done = run("docs", "--out", str(out), "--lang", "hu")
    assert done.code == 2, done
    assert f"a Sphinx nem tudta használni ezt: {out}/en/setup.html, mert megtelt a lemez." \
        in done.err, done
    assert ".building-" not in done.err
