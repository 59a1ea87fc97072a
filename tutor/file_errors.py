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
import json
import math
from typing import Any, NamedTuple

from .engine.messages import N_

# TRANSLATORS: Same role for every file: an error found in a file, the file first. {reason}
# is a whole sentence that goes on after the colon, from a lower-case letter.
IN_FILE = N_("{path}: {reason}")


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


_NO_PERMISSION = N_("you do not have permission to use it.")
_TOO_MANY_OPEN = N_("too many files are open at once.")
_IN_USE = N_("it is in use by another program.")

#: errno → the sentence a person reads. Several codes share one sentence.
_BY_ERRNO: dict[int, str] = {
    errno.ENOENT: N_("there is no such file or folder."),
    errno.EACCES: _NO_PERMISSION,
    errno.EPERM: _NO_PERMISSION,
    errno.EISDIR: N_("it is a folder, not a file."),
    errno.ENOTDIR: N_("a part of the path is a file, not a folder."),
    errno.ENOSPC: N_("the disk is full."),
    errno.EDQUOT: N_("your disk quota is used up."),
    errno.EROFS: N_("the disk is read-only."),
    errno.ENAMETOOLONG: N_("the name is too long for the system."),
    errno.ELOOP: N_("its symbolic links go round in a loop."),
    errno.EEXIST: N_("something with that name already exists."),
    errno.EIO: N_("the disk reported a read or write failure."),
    errno.EMFILE: _TOO_MANY_OPEN,
    errno.ENFILE: _TOO_MANY_OPEN,
    errno.EBUSY: _IN_USE,
    errno.ETXTBSY: _IN_USE,
    errno.EFBIG: N_("the file would be larger than the system allows."),
    errno.EINVAL: N_("the system does not accept this name or this request."),
    errno.EXDEV: N_("it cannot be moved to another disk this way."),
    errno.ENOTEMPTY: N_("the folder is not empty."),
}


#: ``NotAFile.kind`` → why such a path is left alone.
_NOT_A_FILE: dict[str, str] = {
    "device": N_("it is a device, not an ordinary file, so it is left alone."),
    "pipe": N_("it is a named pipe, not an ordinary file, so it is left alone."),
    "socket": N_("it is a socket, not an ordinary file, so it is left alone."),
    "other": N_("it is not an ordinary file, so it is left alone."),
}


class FileTooLarge(OSError):
    """A file larger than any file of its kind can be (refused before reading it all)."""

    def __init__(self, limit: int) -> None:
        super().__init__(errno.EFBIG, f"larger than {limit} bytes")
        self.limit = limit


class NotAFile(OSError):
    """A path that names a device, a named pipe or a socket: never read (a pipe would
    wait for a writer for ever) nor replaced (it is the system's, or another program's)."""

    def __init__(self, path: str, kind: str) -> None:
        super().__init__(errno.EINVAL, f"not a regular file ({kind})", path)
        #: ``device``, ``pipe``, ``socket`` or ``other``.
        self.kind = kind


class InUse(OSError):
    """Another program holds the file's lock (a practice game open in another window, a
    tutor saving its progress), and waiting longer would freeze this one."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EBUSY, "held by another program", path)


class ReadOnlyFile(PermissionError):
    """A file the user made read-only: a save refuses to replace it (a rename could)."""

    def __init__(self, path: str) -> None:
        super().__init__(errno.EACCES, "the file is read-only", path)


def os_reason(err: BaseException) -> Reason:
    """The reason of an ``OSError`` (or a ``UnicodeDecodeError``), in words we translate."""
    if isinstance(err, FileTooLarge):
        return _reason(N_("it is far larger than any file of this kind."))
    if isinstance(err, ReadOnlyFile):
        return _reason(N_("it is read-only, so it is left as it is."))
    if isinstance(err, UnicodeDecodeError):
        return _reason(N_("it is not a UTF-8 text file."))
    if isinstance(err, NotAFile):
        return _reason(_NOT_A_FILE.get(err.kind, _NOT_A_FILE["other"]))
    if isinstance(err, InUse):
        return _reason(N_("another Celestia program is using it right now."))
    code = getattr(err, "errno", None)
    if isinstance(code, int) and code in _BY_ERRNO:
        return _reason(_BY_ERRNO[code])
    if isinstance(code, int):
        name = errno.errorcode.get(code, str(code))
        return _reason(N_("the system refused with error {code}."), code=name)
    return _reason(N_("the system refused without saying why."))


#: JSON's and YAML's unterminated string.
_UNCLOSED_QUOTE = N_("the text in quotes that starts at line {line}, column {column} is never "
                     "closed.")

#: The JSON parser's own words (``json.JSONDecodeError.msg``) → our sentence.
_JSON: dict[str, str] = {
    "Expecting value": N_("a value was expected at line {line}, column {column}."),
    "Expecting property name enclosed in double quotes": N_(
        "a name in double quotes was expected at line {line}, column {column}."),
    "Expecting ':' delimiter": N_("a colon was expected at line {line}, column {column}."),
    "Expecting ',' delimiter": N_("a comma was expected at line {line}, column {column}."),
    "Unterminated string starting at": _UNCLOSED_QUOTE,
    "Invalid control character at": N_(
        "the text at line {line}, column {column} holds a control character, which is not "
        "allowed."),
    "Invalid \\escape": N_(
        "the backslash escape at line {line}, column {column} is not valid."),
    "Invalid \\uXXXX escape": N_(
        "the \\u escape at line {line}, column {column} needs four hexadecimal digits."),
    "Extra data": N_("the data should have ended before line {line}, column {column}."),
    "Illegal trailing comma before end of object": N_(
        "the comma before the closing brace at line {line}, column {column} is not allowed."),
    "Illegal trailing comma before end of array": N_(
        "the comma before the closing bracket at line {line}, column {column} is not "
        "allowed."),
}


def json_reason(err: BaseException) -> Reason:
    """Why a JSON text could not be read: the parser's error, a nesting or a number too
    large for it (``RecursionError``, ``ValueError``)."""
    if isinstance(err, json.JSONDecodeError):
        msgid = _JSON.get(err.msg, N_("it is not valid JSON at line {line}, column {column}."))
        return _reason(msgid, line=err.lineno, column=err.colno)
    if isinstance(err, RecursionError):
        return _reason(N_("its lists and objects are nested too deeply."))
    if isinstance(err, NumberTooLong):
        return _reason(N_("it holds a number with more digits than any game needs."))
    if isinstance(err, NumberNotFinite):
        return _reason(N_("it holds {number}, which is not a number JSON allows."),
                       number=str(err)[:MAX_DIGITS])
    return _reason(N_("it is not valid JSON."))


class NumberTooLong(ValueError):
    """A number in a file longer than any the game uses (refused before converting it)."""


#: More digits than any number of a game, a seed included, needs.
MAX_DIGITS = 20


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise NumberTooLong(text[:MAX_DIGITS])
    return int(text)


class NumberNotFinite(ValueError):
    """``NaN``, ``Infinity`` or a number too large for a float (``1e400``): Python's
    ``json`` reads them, JSON does not have them, and no game's value is one."""


def _parse_float(text: str) -> float:
    if len(text) > 2 * MAX_DIGITS:
        raise NumberTooLong(text[:MAX_DIGITS])
    value = float(text)
    if math.isinf(value):
        raise NumberNotFinite(text)
    return value


def _parse_constant(text: str) -> float:
    raise NumberNotFinite(text)


def load_json(text: str) -> Any:
    """``json.loads`` that refuses numbers longer than a game needs before converting them.

    Raises ``json.JSONDecodeError``, ``NumberTooLong`` or ``RecursionError``; pass any of
    them to ``json_reason``.
    """
    return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                      parse_constant=_parse_constant)


#: JSON failures ``load_json`` may raise.
JSON_ERRORS = (ValueError, RecursionError)


def toml_reason(err: BaseException) -> Reason:
    """Why a TOML text could not be read (``tomlkit``'s parse errors)."""
    # start-up: the tutor's first screen and the lookups (benchmarks/tutor.py, lookup.py)
    from tomlkit import exceptions as toml

    line = getattr(err, "line", None)
    column = getattr(err, "col", None)
    if not isinstance(line, int) or not isinstance(column, int):
        return _reason(N_("it is not valid TOML."))
    where = {"line": line, "column": column + 1}
    text = str(err)
    if isinstance(err, toml.UnexpectedEofError):
        msgid = N_("the file ends in the middle of a value at line {line}.")
    elif isinstance(err, toml.InvalidNumberError):
        msgid = N_("the number at line {line}, column {column} is not one TOML can read.")
    elif isinstance(err, (toml.InvalidCharInStringError, toml.InvalidControlChar)):
        msgid = N_("the text at line {line}, column {column} holds a character that is not "
                   "allowed.")
    elif isinstance(err, toml.EmptyKeyError):
        msgid = N_("a name is missing before the equals sign at line {line}.")
    elif "already exists" in text:
        msgid = N_("the name at line {line} is given a value twice.")
    elif "nested" in text:
        msgid = N_("its lists and tables are nested too deeply (line {line}).")
    elif isinstance(err, toml.UnexpectedCharError):
        msgid = N_("the character at line {line}, column {column} is not expected there.")
    else:
        msgid = N_("it is not valid TOML at line {line}, column {column}.")
    return _reason(msgid, **where)


def yaml_reason(err: BaseException) -> Reason:
    """Why a YAML text could not be read (PyYAML's ``YAMLError``), with where, in our words.

    PyYAML explains itself in English ("mapping values are not allowed here"); the usual
    mistakes get a sentence of their own, anything else says where the text stops being
    YAML.
    """
    mark = getattr(err, "problem_mark", None)
    if mark is None:
        return _reason(N_("it is not valid YAML."))
    where = {"line": mark.line + 1, "column": mark.column + 1}
    problem = str(getattr(err, "problem", "") or "")
    context = str(getattr(err, "context", "") or "")
    if problem.startswith("mapping values are not allowed"):
        msgid = N_("the colon at line {line}, column {column} is not allowed there; check the "
                   "indentation, or put the text in quotes.")
    elif problem.startswith("found character '\\t'"):
        msgid = N_("line {line} is indented with a tab; indent with spaces.")
    elif problem.startswith("found character"):
        msgid = N_("the character at line {line}, column {column} cannot start a value; put "
                   "the text in quotes.")
    elif "quoted scalar" in context and getattr(err, "context_mark", None) is not None:
        start = err.context_mark  # type: ignore[attr-defined]
        where = {"line": start.line + 1, "column": start.column + 1}
        msgid = _UNCLOSED_QUOTE
    elif problem.startswith("found undefined alias"):
        msgid = N_("the alias at line {line}, column {column} refers to no anchor.")
    elif "could not find expected ':'" in problem:
        msgid = N_("a line before line {line} has no colon after its key.")
    elif "flow sequence" in context or "flow mapping" in context:
        msgid = N_("a bracket or brace opened before line {line}, column {column} is never "
                   "closed.")
    elif "block" in problem or "block" in context:
        msgid = N_("what starts at line {line}, column {column} does not fit the lines above "
                   "it; check its indentation.")
    else:
        msgid = N_("it is not valid YAML at line {line}, column {column}.")
    return _reason(msgid, **where)
