"""The learner's progress, keyed by lesson id, saved atomically in the state directory.

File format (JSON)::

    {"format": "celestia-tutor-progress", "version": 1, "language": "fr",
     "last": "passengers",
     "lessons": {"goal": {"done": true, "stars": 3, "inputs": [], "at": 1718000000.5},
                 "passengers": {"done": false, "stars": 0, "inputs": ["c1", "stay"],
                                "at": 1718000100.0}}}

``attempt`` numbers the learner's plays of the lesson (it orders the drills' exercises);
``review`` holds the questions and exercises answered wrong, by their line in the lesson
file: ``{"41": {"box": 0, "due": 1718000100.0, "at": 1718000100.0}}`` — the review asks
an item again once it is due, in a later session than the mistake; each review without a
mistake moves it up a box (due again after ``REVIEW_DAYS``), a mistake sends it back to
box 0;
``inputs`` lists what the learner did in the lesson under way (the key of each option
chosen, right or wrong, and undos), so a lesson is resumed by replaying them; ``stars``
is the best result of a finished lesson (1 to 3); ``at`` is when the entry last changed.
Keys of a lesson's entry that this version does not know are kept as they are.

Two tutors may be open at once: each save merges with what is on disk, under a lock.
For each lesson the newer entry wins (a ✓ once earned stays), so neither window's
progress is lost; the language and the last lesson are this window's if it changed them.
A file that cannot be read is renamed aside (never deleted) and the learner starts
afresh with a message; a file written by a newer version is left alone, and this
session's progress is then not saved (the learner is told).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from ..engine.messages import N_
from ..file_errors import JSON_ERRORS, InUse, Reason, json_reason, load_json, os_reason
from ..storage import locked, read_text, set_aside
from ..storage import state_dir as _state_dir

FORMAT = "celestia-tutor-progress"
VERSION = 1
#: Days before a review item in box 1, 2, 3, 4 comes back (after box 4: learned).
REVIEW_DAYS = (1, 3, 7, 16)
#: Far more than the progress of every lesson takes.
MAX_BYTES = 1024 * 1024
#: How long a save waits for another tutor saving the same file (a save takes a fraction
#: of a second): past this, the other is stuck or stopped, and the changes wait for the
#: next save, which only tries the lock (the tutor saves at every answer: it must never
#: freeze).
LOCK_WAIT_SECONDS = 2.0
#: Said when another tutor holds the lock too long.
BUSY = N_("Another Celestia tutor is saving its progress in {path} and has not finished; "
          "yours is kept and saved with your next answer.")


def state_dir() -> Path:
    """``CELESTIA_STATE_DIR`` if set, else the platform's user state directory."""
    return _state_dir()


class _Unreadable(Exception):
    """The file on disk is not a progress file this version can use."""

    def __init__(self, reason: Reason, newer: int | None = None) -> None:
        super().__init__(reason.english())
        self.reason = reason
        self.newer = newer


def _reason(msgid: str, **params: Any) -> Reason:
    return Reason(msgid, params)


class Progress:
    """Loaded progress plus a ``notice`` (message id and params) for the learner, if any."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or state_dir() / "progress.json"
        self._language: str | None = None
        self._last: str | None = None
        self.lessons: dict[str, dict[str, Any]] = {}
        self.notice: tuple[str, dict[str, Any]] | None = None
        #: Another tutor held the lock past ``LOCK_WAIT_SECONDS`` at the last save.
        self._lock_busy = False
        #: What this window changed since it last saved: lesson ids, and the two settings.
        self._changed: set[str] = set()
        self._changed_language = False
        self._changed_last = False
        #: Top-level keys of the file that this version does not know, kept when saving.
        self._extra: dict[str, Any] = {}
        #: True when the file belongs to a newer version: it is never written over.
        self.read_only = False
        self._load()

    # --- Settings that are saved --------------------------------------------------------
    @property
    def language(self) -> str | None:
        return self._language

    @language.setter
    def language(self, value: str | None) -> None:
        self._language = value
        self._changed_language = True

    @property
    def last(self) -> str | None:
        return self._last

    @last.setter
    def last(self, value: str | None) -> None:
        self._last = value
        self._changed_last = True

    # --- Queries --------------------------------------------------------------------------
    def done(self, lesson_id: str) -> bool:
        """Played to the end at least once (with any number of stars)."""
        return bool(self.lessons.get(lesson_id, {}).get("done"))

    def mastered(self, lesson_id: str) -> bool:
        """Finished with ★★ or more: only then does a lesson count as learned. (A file of
        the first format, which kept no stars, counts its finished lessons as learned.)"""
        entry = self.lessons.get(lesson_id, {})
        return bool(entry.get("done")) and int(entry.get("stars", 0)) != 1

    def inputs(self, lesson_id: str) -> list[str]:
        return list(self.lessons.get(lesson_id, {}).get("inputs", []))

    def stars(self, lesson_id: str) -> int:
        """The best stars earned in a finished lesson (0 if never finished)."""
        return int(self.lessons.get(lesson_id, {}).get("stars", 0))

    def attempt(self, lesson_id: str) -> int | None:
        """The number of the learner's last play of the lesson (0 the first), if any."""
        value = self.lessons.get(lesson_id, {}).get("attempt")
        return value if isinstance(value, int) and not isinstance(value, bool) \
            and value >= 0 else None

    def started(self, lesson_id: str) -> bool:
        """Begun and not finished: the next start offers to resume it."""
        entry = self.lessons.get(lesson_id)
        return bool(entry) and bool(entry.get("inputs"))

    # --- The review (spaced repetition) ---------------------------------------------------
    def review_items(self) -> list[tuple[str, str, dict[str, Any]]]:
        """(lesson id, unit, its record) of every question or exercise to review; records
        that are not of this shape are left out (and kept as they are)."""
        found = []
        for lesson_id, entry in self.lessons.items():
            review = entry.get("review")
            if not isinstance(review, dict):
                continue
            for unit, item in review.items():
                if isinstance(item, dict) and isinstance(item.get("box"), int) \
                        and isinstance(item.get("due"), (int, float)) \
                        and isinstance(item.get("at", 0), (int, float)):
                    found.append((lesson_id, unit, item))
        return found

    def due(self, now: float, before: float) -> list[tuple[str, str]]:
        """What to review now, soonest due first: due by ``now``, and not missed since
        ``before`` (a mistake comes back in a later session, not in the one it was made)."""
        items = [(item["due"], lesson_id, unit) for lesson_id, unit, item in
                 self.review_items() if item["due"] <= now and item.get("at", 0) < before]
        return [(lesson_id, unit) for _, lesson_id, unit in sorted(items)]

    def next_due(self) -> float | None:
        """When the next review item comes due, if there is any."""
        dates = [item["due"] for _, _, item in self.review_items()]
        return min(dates) if dates else None

    def remember_mistakes(self, lesson_id: str, units: list[str]) -> None:
        """The questions and exercises of a lesson answered wrong come back in the review
        (from the first box: due at the next session)."""
        if not units:
            return
        entry = self._touch(lesson_id)
        review = entry.get("review") if isinstance(entry.get("review"), dict) else {}
        now = time.time()
        for unit in units:
            item = review.get(unit)
            if not (isinstance(item, dict) and item.get("box") == 0):
                review[unit] = {"box": 0, "due": now, "at": now}
        entry["review"] = review

    def reviewed(self, lesson_id: str, unit: str, clean: bool) -> None:
        """A review item answered: without a mistake it moves up a box and comes back
        later (after the last box, never); with one it starts again from the first box."""
        entry = self._touch(lesson_id)
        review = entry.get("review") if isinstance(entry.get("review"), dict) else {}
        now = time.time()
        item = review.get(unit) if isinstance(review.get(unit), dict) else {"box": 0}
        box = int(item.get("box", 0)) + 1 if clean else 0
        if box > len(REVIEW_DAYS):
            review.pop(unit, None)
        else:
            due = now + REVIEW_DAYS[box - 1] * 86400 if box else now
            review[unit] = {"box": box, "due": due, "at": now}
        entry["review"] = review
        self.save()

    # --- Changes --------------------------------------------------------------------------
    def _touch(self, lesson_id: str) -> dict[str, Any]:
        entry = self.lessons.setdefault(lesson_id, {})
        # Strictly newer than anything saved before, even within one clock tick.
        entry["at"] = max(time.time(), _at(entry) + 1e-6)
        self._changed.add(lesson_id)
        return entry

    def record(self, lesson_id: str, inputs: list[str], done: bool, stars: int = 0,
               attempt: int | None = None) -> None:
        entry = self._touch(lesson_id)
        if attempt is not None:
            entry["attempt"] = attempt
        entry["inputs"] = [] if done else list(inputs)
        entry["done"] = bool(entry.get("done")) or done
        entry["stars"] = max(int(entry.get("stars", 0)), stars if done else 0)
        entry.pop("answers", None)  # the first format's, replaced by inputs
        self.last = lesson_id
        self.save()

    def forget(self, lesson_id: str) -> None:
        """Drop a lesson's unfinished answers (a restart), keeping its ✓ if earned."""
        if lesson_id in self.lessons:
            self._touch(lesson_id)["inputs"] = []
            self.save()

    def set_language(self, language: str) -> None:
        self.language = language
        self.save()

    def save(self) -> None:
        """Merge with the file on disk under its lock, then write it atomically.

        A failure is not raised: it becomes the ``notice`` shown to the learner, and the
        changes stay pending for the next save.
        """
        if self.read_only:
            return
        # Once the lock was found held too long, the next saves only try it (the tutor
        # saves at every answer: one wait, never one per answer) until one succeeds.
        wait = 0.0 if self._lock_busy else LOCK_WAIT_SECONDS
        try:
            with locked(self.path, timeout=wait) as file:
                self._merge_from_disk()
                if self.read_only:
                    return
                file.write(self._content(), private=True)
        except InUse:
            self._lock_busy = True
            self.notice = (BUSY, {"path": str(self.path)})
            return
        except OSError as err:
            self.notice = (N_("Your progress could not be saved in {path}: {reason}"),
                           {"path": str(self.path), "reason": os_reason(err)})
            return
        self._changed.clear()
        self._changed_language = self._changed_last = False
        if self._lock_busy and self.notice is not None and self.notice[0] == BUSY:
            self.notice = None   # saved after all: nothing left to say
        self._lock_busy = False

    def _content(self) -> str:
        content = {**self._extra, "format": FORMAT, "version": VERSION,
                   "language": self._language, "last": self._last, "lessons": self.lessons}
        return json.dumps(content, ensure_ascii=False, indent=1, sort_keys=True)

    def _merge_from_disk(self) -> None:
        """Take in what another window saved since this one read the file."""
        disk = self._read_or_handle()
        if disk is None:
            return
        lessons, language, last, extra = disk
        for lesson_id, theirs in lessons.items():
            ours = self.lessons.get(lesson_id)
            if ours is None or lesson_id not in self._changed:
                # Not changed here: the disk's entry is the newest we know of.
                self.lessons[lesson_id] = theirs if ours is None else _merged(ours, theirs)
            else:
                self.lessons[lesson_id] = _merged(theirs, ours)
        if not self._changed_language:
            self._language = language
        if not self._changed_last:
            self._last = last
        self._extra = extra

    # --- Loading --------------------------------------------------------------------------
    def _read(self) -> tuple[dict[str, dict[str, Any]], str | None, str | None,
                             dict[str, Any]] | None:
        """The file's lessons, language, last lesson and unknown keys; None if there is
        no file. Raises ``_Unreadable``."""
        try:
            text = read_text(self.path, MAX_BYTES)
        except FileNotFoundError:
            return None
        except (OSError, UnicodeDecodeError) as err:
            raise _Unreadable(os_reason(err)) from err
        try:
            content = load_json(text)
        except JSON_ERRORS as err:
            raise _Unreadable(json_reason(err)) from err
        if not isinstance(content, dict) or content.get("format") != FORMAT:
            raise _Unreadable(_reason(N_("it is not a progress file of the tutor.")))
        version = content.get("version", VERSION)
        if not isinstance(version, int) or isinstance(version, bool) or version < 1:
            raise _Unreadable(_reason(N_("its format version is not a number this program "
                                         "knows.")))
        if version > VERSION:
            raise _Unreadable(_reason(N_("it was written by a newer version.")), newer=version)
        lessons = content.get("lessons", {})
        if not isinstance(lessons, dict) or not all(
            isinstance(v, dict) and isinstance(v.get("inputs", []), list)
            and all(isinstance(a, str) and len(a) < 100 for a in v.get("inputs", []))
            and isinstance(v.get("stars", 0), int) and not isinstance(v.get("stars"), bool)
            and 0 <= v.get("stars", 0) <= 3
            and isinstance(v.get("at", 0), (int, float)) and not isinstance(v.get("at"), bool)
            for v in lessons.values()
        ):
            raise _Unreadable(_reason(N_("its list of lessons is damaged.")))
        language = content.get("language")
        last = content.get("last")
        known = {"format", "version", "language", "last", "lessons"}
        extra = {k: v for k, v in content.items() if k not in known}
        return (lessons, language if isinstance(language, str) else None,
                last if isinstance(last, str) else None, extra)

    def _read_or_handle(self) -> tuple[dict[str, dict[str, Any]], str | None, str | None,
                                       dict[str, Any]] | None:
        """``_read``, with an unusable file refused (a newer version) or set aside."""
        try:
            return self._read()
        except _Unreadable as err:
            if err.newer is not None:
                self._refuse_newer(err.newer)
            else:
                self._set_aside(err.reason)
            return None

    def _load(self) -> None:
        disk = self._read_or_handle()
        if disk is not None:
            self.lessons, self._language, self._last, self._extra = disk

    def _refuse_newer(self, version: int) -> None:
        self.read_only = True
        self.notice = (N_("Your progress file {path} was written by a newer version of "
                          "Celestia (format {version}). It is left as it is, and the progress "
                          "of this session will not be saved: update Celestia to keep it."),
                       {"path": str(self.path), "version": version})

    def _set_aside(self, reason: Reason) -> None:
        try:
            aside = set_aside(self.path, "corrupt")
        except OSError:
            # It cannot even be renamed: leave it, and never write over it.
            self.read_only = True
            self.notice = (N_("Your progress file {path} is left as it is, and the progress of "
                              "this session will not be saved, because it could neither be "
                              "read nor set aside: {reason}"),
                           {"path": str(self.path), "reason": reason})
            return
        self.notice = (N_("Your progress file was set aside as {path} and you start afresh, "
                          "because it could not be read: {reason}"),
                       {"reason": reason, "path": str(aside)})


def _at(entry: dict[str, Any]) -> float:
    value = entry.get("at", 0)
    return float(value) if isinstance(value, (int, float)) else 0.0


def _merged(older: dict[str, Any], newer: dict[str, Any]) -> dict[str, Any]:
    """One lesson's entry from two windows: the newer wins, keys only one of them has are
    kept, and a ✓ earned in either stays."""
    if _at(older) > _at(newer):
        older, newer = newer, older
    entry = {**older, **newer}
    if older.get("done") or newer.get("done"):
        entry["done"] = True
        entry["stars"] = max(int(older.get("stars", 0)), int(newer.get("stars", 0)))
    return entry
