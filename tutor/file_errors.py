"""Why a file could not be read or written, as whole sentences we translate.

The operating system and the JSON and TOML parsers explain a failure in English ("No
such file or directory", "Expecting value"). Every command that reads or writes a user's
file (score sheets, game records, saved practice games, the tutor's progress) turns that
failure into a ``Reason``: a message id with parameters, translated when it is shown.
A message about a file takes it as its ``{reason}`` parameter, and ``Translator.format``
renders it in the reader's language.
"""

from __future__ import annotations

import errno
from typing import Any, NamedTuple

from .engine.messages import N_


class Reason(NamedTuple):
    """One sentence saying why, for the ``{reason}`` of a message about a file."""

    msgid: str
    params: dict[str, Any]

    def english(self) -> str:
        return self.msgid.format(**self.params)

    def __str__(self) -> str:  # so that an English message that holds it reads well
        return self.english()


def _reason(msgid: str, **params: Any) -> Reason:
    return Reason(msgid, params)


#: errno → the sentence a person reads. Several codes share one sentence.
_BY_ERRNO: dict[int, str] = {
    errno.ENOENT: N_("There is no such file or folder."),
    errno.EACCES: N_("You do not have permission to use it."),
    errno.EPERM: N_("You do not have permission to use it."),
    errno.EISDIR: N_("It is a folder, not a file."),
    errno.ENOTDIR: N_("A part of the path is a file, not a folder."),
    errno.ENOSPC: N_("The disk is full."),
    errno.EDQUOT: N_("Your disk quota is used up."),
    errno.EROFS: N_("The disk is read-only."),
    errno.ENAMETOOLONG: N_("The name is too long for the system."),
    errno.ELOOP: N_("Its symbolic links go round in a loop."),
    errno.EEXIST: N_("Something with that name already exists."),
    errno.EIO: N_("The disk reported a read or write failure."),
    errno.EMFILE: N_("Too many files are open at once."),
    errno.ENFILE: N_("Too many files are open at once."),
    errno.EBUSY: N_("It is in use by another program."),
    errno.ETXTBSY: N_("It is in use by another program."),
    errno.EFBIG: N_("The file would be larger than the system allows."),
    errno.EINVAL: N_("The system does not accept this name or this request."),
    errno.EXDEV: N_("It cannot be moved to another disk this way."),
    errno.ENOTEMPTY: N_("The folder is not empty."),
}


class FileTooLarge(OSError):
    """A file larger than any file of its kind can be (refused before reading it all)."""

    def __init__(self, limit: int) -> None:
        super().__init__(errno.EFBIG, f"larger than {limit} bytes")
        self.limit = limit


def os_reason(err: BaseException) -> Reason:
    """The reason of an ``OSError`` (or a ``UnicodeDecodeError``), in words we translate."""
    if isinstance(err, FileTooLarge):
        return _reason(N_("It is far larger than any file of this kind."))
    if isinstance(err, UnicodeDecodeError):
        return _reason(N_("It is not a UTF-8 text file."))
    code = getattr(err, "errno", None)
    if isinstance(code, int) and code in _BY_ERRNO:
        return _reason(_BY_ERRNO[code])
    if isinstance(code, int):
        name = errno.errorcode.get(code, str(code))
        return _reason(N_("The system refused with error {code}."), code=name)
    return _reason(N_("The system refused without saying why."))


#: The JSON parser's own words (``json.JSONDecodeError.msg``) → our sentence.
_JSON: dict[str, str] = {
    "Expecting value": N_("Line {line}, column {column}: a value was expected here."),
    "Expecting property name enclosed in double quotes": N_(
        "Line {line}, column {column}: a name in double quotes was expected here."),
    "Expecting ':' delimiter": N_("Line {line}, column {column}: a colon was expected here."),
    "Expecting ',' delimiter": N_("Line {line}, column {column}: a comma was expected here."),
    "Unterminated string starting at": N_(
        "Line {line}, column {column}: this text in quotes is never closed."),
    "Invalid control character at": N_(
        "Line {line}, column {column}: a control character is not allowed in a text."),
    "Invalid \\escape": N_("Line {line}, column {column}: this backslash escape is not valid."),
    "Invalid \\uXXXX escape": N_(
        "Line {line}, column {column}: this \\u escape needs four hexadecimal digits."),
    "Extra data": N_("Line {line}, column {column}: the data should have ended before this."),
    "Illegal trailing comma before end of object": N_(
        "Line {line}, column {column}: a comma is not allowed before the closing brace."),
    "Illegal trailing comma before end of array": N_(
        "Line {line}, column {column}: a comma is not allowed before the closing bracket."),
}


def json_reason(err: BaseException) -> Reason:
    """Why a JSON text could not be read: the parser's error, a nesting or a number too
    large for it (``RecursionError``, ``ValueError``)."""
    import json

    if isinstance(err, json.JSONDecodeError):
        msgid = _JSON.get(err.msg, N_("Line {line}, column {column}: this is not valid JSON."))
        return _reason(msgid, line=err.lineno, column=err.colno)
    if isinstance(err, RecursionError):
        return _reason(N_("Its lists and objects are nested too deeply."))
    if isinstance(err, NumberTooLong):
        return _reason(N_("It holds a number with more digits than any game needs."))
    return _reason(N_("It is not valid JSON."))


class NumberTooLong(ValueError):
    """A number in a file longer than any the game uses (refused before converting it)."""


#: More digits than any number of a game, a seed included, needs.
MAX_DIGITS = 20


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NumberTooLong(text[:MAX_DIGITS])
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise NumberTooLong(text[:MAX_DIGITS])
    return float(text)


def load_json(text: str) -> Any:
    """``json.loads`` that refuses numbers longer than a game needs before converting them.

    Raises ``json.JSONDecodeError``, ``NumberTooLong`` or ``RecursionError``; pass any of
    them to ``json_reason``.
    """
    import json

    return json.loads(text, parse_int=_parse_int, parse_float=_parse_float)


#: JSON failures ``load_json`` may raise.
JSON_ERRORS = (ValueError, RecursionError)


def toml_reason(err: BaseException) -> Reason:
    """Why a TOML text could not be read (``tomlkit``'s parse errors)."""
    from tomlkit import exceptions as toml

    line = getattr(err, "line", None)
    column = getattr(err, "col", None)
    if not isinstance(line, int) or not isinstance(column, int):
        return _reason(N_("It is not valid TOML."))
    where = {"line": line, "column": column + 1}
    text = str(err)
    if isinstance(err, toml.UnexpectedEofError):
        msgid = N_("Line {line}: the file ends in the middle of a value.")
    elif isinstance(err, toml.InvalidNumberError):
        msgid = N_("Line {line}, column {column}: this is not a number TOML can read.")
    elif isinstance(err, (toml.InvalidCharInStringError, toml.InvalidControlChar)):
        msgid = N_("Line {line}, column {column}: this character is not allowed in a text.")
    elif isinstance(err, toml.EmptyKeyError):
        msgid = N_("Line {line}: a name is missing before the equals sign.")
    elif "already exists" in text:
        msgid = N_("Line {line}: this name is given a value twice.")
    elif "nested" in text:
        msgid = N_("Line {line}: its lists and tables are nested too deeply.")
    elif isinstance(err, toml.UnexpectedCharError):
        msgid = N_("Line {line}, column {column}: this character is not expected here.")
    else:
        msgid = N_("Line {line}, column {column}: this is not valid TOML.")
    return _reason(msgid, **where)
