"""`celestia rules` and `celestia faq`: output, exit codes, width, colour, pipes."""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tutor import argparse_texts
from tutor.cli import COMMANDS, _named_command, build_parser, main
from tutor.content import faq
from tutor.i18n import Translator

ESC = "\x1b["


@pytest.fixture(autouse=True)
def _plain(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("CELESTIA_LANG", raising=False)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def assert_fits(text: str, width: int = 80) -> None:
    for line in text.splitlines():
        assert len(line) <= width, line


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_whole_rulebook_fits_eighty_columns(capsys: pytest.CaptureFixture[str],
                                            language: str) -> None:
    code, out, err = run(capsys, "rules", "--lang", language)
    assert code == 0 and not err
    for ident in ["1.1.1", "2.5", "3.0.1", "3.9.3", "4.6.3", "5.4.3", "6.3", "7.2"]:
        assert f"\n{ident}  " in out
    assert ESC not in out
    assert_fits(out)


def test_section_and_statement(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "3.4", "--lang", "fr")
    assert code == 0
    assert out.startswith("3.4  Le capitaine face aux dés")
    assert "3.4.5" in out and "3.5.1" not in out
    code, out, _ = run(capsys, "rules", "3.4.3", "--lang", "hu")
    assert code == 0 and out.startswith("3.4.3  ") and "turbó" in out.lower()
    assert "3.4.2" not in out


def test_section_shows_its_table(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rules", "1.2")
    assert "Dice to reach it" in out and "6\u00a0×\u00a025" in out  # never parted


def test_narrow_terminal(capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    _, out, _ = run(capsys, "rules", "1", "--lang", "hu")
    assert_fits(out, 50)


def test_help_fits_a_narrow_terminal(capsys: pytest.CaptureFixture[str],
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """argparse's help takes the terminal's width (measured without shutil)."""
    def shown() -> str:
        with pytest.raises(SystemExit):
            main(["faq", "--help"])
        return capsys.readouterr().out

    monkeypatch.setenv("COLUMNS", "40")
    out = shown()
    assert "--limit" in out
    assert_fits(out, 40)
    monkeypatch.setenv("COLUMNS", "not a number")   # as shutil: the terminal's, else 80
    out = shown()
    assert_fits(out, 80)
    assert max(map(len, out.splitlines())) > 40


def test_unknown_rule_lists_close_ids(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "rules", "3.44", "--lang", "fr")
    assert code == 1 and not out
    assert "«\u202f3.44\u202f»" in err and "Vouliez-vous dire" in err
    assert err.index("3.4.4") < err.index("3.4.5")


def test_about(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--about", "--lang", "hu")
    assert code == 0 and "Aaron Weissblum" in out and "Tervező" in out


def test_faq_query(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "faq", "jetpack", "--lang", "hu")
    assert code == 0 and not err
    first = faq.get("who-plays-jetpack")
    assert first is not None
    assert out.startswith(faq.render_question(first, Translator("hu"))[:30])
    assert "Szabályok: 4.2.1" in out
    assert_fits(out)


def test_faq_accent_free_query(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "faq", "debarquement", "--lang", "fr", "--limit", "1")
    assert code == 0 and "Débarquement" in out and out.count("Identifiant") == 1


def test_faq_no_match(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "faq", "xylophone", "--lang", "en")
    assert code == 1 and not out
    assert '"xylophone"' in err and "--list" in err


def test_faq_list_and_id(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "faq", "--list", "--lang", "fr")
    assert code == 0
    assert sum(1 for line in out.splitlines() if not line.startswith(" ")) == len(
        faq.entries())
    assert_fits(out)
    code, out, _ = run(capsys, "faq", "--id", "ties")
    assert code == 0 and "share the victory" in out
    code, _, err = run(capsys, "faq", "--id", "tie")
    assert code == 1 and "ties" in err


def _subprocess(*argv: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "COLUMNS")}
    environment.update(env)
    return subprocess.run([sys.executable, "-m", "tutor", *argv], capture_output=True,
                          text=True, env=environment, check=False)


def test_piped_output_is_plain_and_fits() -> None:
    result = _subprocess("faq", "turbo", "--lang", "fr")
    assert result.returncode == 0 and ESC not in result.stdout
    assert_fits(result.stdout)
    assert _subprocess("rules", "9.9").returncode == 1


def test_colour_only_on_a_terminal_without_no_color() -> None:
    pexpect = pytest.importorskip("pexpect")

    def on_tty(**env: str) -> str:
        environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
        environment.update(env, COLUMNS="80")
        child = pexpect.spawn(sys.executable, ["-m", "tutor", "rules", "3.4.2"],
                              env=environment, encoding="utf-8", timeout=20)
        output = child.read()
        child.close()
        assert child.exitstatus == 0
        return output

    assert ESC in on_tty()
    assert ESC not in on_tty(NO_COLOR="1")


# --- Start-up: `celestia faq` builds and imports only what it runs -------------------------

def _sub_parser(parser: argparse.ArgumentParser, name: str) -> argparse.ArgumentParser:
    action = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    return action.choices[name]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_a_lone_sub_parser_helps_like_the_full_parser(name: str, language: str) -> None:
    tr = Translator(language)
    argparse_texts.install(tr)
    full = _sub_parser(build_parser(tr), name)
    alone = _sub_parser(build_parser(tr, only=name), name)
    assert alone.format_help() == full.format_help()
    assert alone.format_usage() == full.format_usage()


@pytest.mark.parametrize(("argv", "named"), [
    (["faq", "jetpack"], "faq"), (["--lang", "fr", "rules", "3.4"], "rules"),
    (["--lang=hu", "glossary"], "glossary"), (["--help", "faq"], None), ([], None),
    (["xyzzy"], None), (["--lang", "fr"], None), (["--la", "fr", "faq"], None),
])
def test_the_command_is_recognised_before_parsing(argv: list[str], named: str | None) -> None:
    assert _named_command(argv) == named


def test_faq_errors_read_as_with_the_full_parser(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["faq", "--limit", "many"])
    assert caught.value.code == 2
    assert "celestia faq: error:" in capsys.readouterr().err


def test_a_lookup_imports_no_other_command() -> None:
    code = ("import sys, io, contextlib, tutor.cli\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            "    tutor.cli.main(['faq', 'jetpack', '--lang', 'hu'])\n"
            "print(' '.join(sorted(m for m in sys.modules if m.startswith('tutor.commands.')"
            " or m in ('tutor.engine.state', 'yaml', 'babel', 'prompt_toolkit', 'shutil'))))")
    env = dict(os.environ, CELESTIA_LANG="en")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout.split()
    assert out == ["tutor.commands.faq"]


@pytest.mark.parametrize("language", ["en", "fr", "hu"])
def test_an_over_long_question_is_refused_with_a_short_excerpt(
        capsys: pytest.CaptureFixture[str], language: str) -> None:
    pasted = "jetpack " + "a" * 120_000
    code, out, err = run(capsys, "faq", pasted, "--lang", language)
    assert code == 1 and not out
    assert "Traceback" not in err
    # The message quotes the start of the question, not all of it, and says the limit.
    assert len(err) < 400 and '"jetpack' in err.replace("«\u202f", '"').replace("„", '"')
    assert str(faq.MAX_QUERY) in err
    if language != "en":
        english = Translator("en").format(
            'Your question is too long to search ({count} characters, at most {limit}): '
            '"{excerpt}…". Ask it in a few words.', count="1", limit="1", excerpt="x")
        assert english.split("(")[0] not in err  # translated


def test_a_question_just_under_the_limit_is_searched(capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    question = "what if the deck is empty " + "please " * 30
    assert len(question) <= faq.MAX_QUERY
    code, out, _ = run(capsys, "faq", question)
    assert code == 0 and "Rules:" in out


@given(st.lists(st.one_of(st.text("abé", min_size=1, max_size=30),
                          st.sampled_from(["Règles\u202f:", "«\u202fje\u202f»"])),
                max_size=40),
       st.lists(st.sampled_from([" ", "  "]), min_size=40, max_size=40),
       st.integers(20, 80), st.sampled_from(["", "  ", "3.4.2  "]))
def test_the_writer_wraps_as_textwrap_does(words: list[str], gaps: list[str], width: int,
                                           head: str) -> None:
    """Our wrapper (no textwrap import at start-up) breaks lines where textwrap does, keeps
    the spaces inside a line, and leaves no space at a line's end."""
    import textwrap

    from tutor.content.terminal import wrap

    text = "".join(w + g for w, g in zip(words, gaps, strict=False))
    expected = [line.rstrip(" ") for line in textwrap.wrap(
        text, width, initial_indent=head, subsequent_indent=" " * len(head),
        break_on_hyphens=False)]
    assert wrap(text, width, head, " " * len(head)) == expected


@pytest.mark.parametrize("dash", ["–", "—"])
def test_the_writer_keeps_a_count_with_its_noun_and_a_dash_at_the_end_of_its_line(
        dash: str) -> None:
    from tutor.content.terminal import wrap

    text = f"Maradj: kb. 6,3 pont várható; ha most kiszállsz, 1,9 pont {dash} a kapitány fizet."
    for width in range(20, 81):
        lines = wrap(text, width)
        assert not any(line.startswith(dash) for line in lines), width
        assert " ".join(lines) == text and all(len(line) <= width for line in lines)
    for width in range(12, 30):
        lines = wrap("Il y en a 84 cartes en tout", width)
        assert any("84 cartes" in line for line in lines), width


@pytest.mark.parametrize(("language", "query", "rule"), [
    ("en", "3.4.2", "3.4.2"), ("en", "rule 3.4", "3.4"), ("fr", "règle 3.5", "3.5"),
    ("hu", "szabály 5.2", "5.2"),
])
def test_faq_shows_a_rule_named_by_its_number_first(capsys: pytest.CaptureFixture[str],
                                                    language: str, query: str,
                                                    rule: str) -> None:
    code, out, _ = run(capsys, "faq", query, "--lang", language)
    assert code == 0
    assert out.startswith(rule + " ")
    # Then the entries resting on it.
    first = faq.search(query, language, limit=1)[0]
    # a long question is wrapped to the terminal's width
    question = faq.render_question(first, Translator(language))
    assert " ".join(question.split()) in " ".join(out.split())


@pytest.mark.parametrize(("language", "query", "heading"), [
    ("en", "rule 3.4", "3.4 "), ("fr", "règle 3.5", "3.5 "), ("hu", "szabály 5.2", "5.2 "),
])
def test_the_tutors_look_up_shows_a_rule_named_by_its_number_first(
        language: str, query: str, heading: str) -> None:
    from tutor.app.lookup import lookup

    tr = Translator(language)
    lines = lookup(query, tr)
    assert lines[0].startswith(heading)
    # Then the FAQ's first answer, as celestia faq gives it.
    first = faq.search(query, language, limit=1)[0]
    assert " ".join(faq.render_question(first, tr).split()) in " ".join(" ".join(lines).split())
