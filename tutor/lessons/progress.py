"""The learner's progress, keyed by lesson id, saved atomically in the state directory.

File format (JSON)::

    {"format": "celestia-tutor-progress", "version": 1, "language": "fr",
     "last": "passengers",
     "lessons": {"goal": {"done": true, "stars": 3, "inputs": []},
                 "passengers": {"done": false, "stars": 0, "inputs": ["c1", "stay"]}}}

``inputs`` lists what the learner did in the lesson under way (the key of each option
chosen, right or wrong, and undos), so a lesson is resumed by replaying them; ``stars``
is the best result of a finished lesson (1 to 3). A file that cannot be read is renamed
aside (never deleted) and the learner starts afresh with a message.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from ..engine.messages import N_

FORMAT = "celestia-tutor-progress"
VERSION = 1


def state_dir() -> Path:
    """``CELESTIA_STATE_DIR`` if set, else the platform's user state directory."""
    override = os.environ.get("CELESTIA_STATE_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_state_dir("celestia"))


class Progress:
    """Loaded progress plus a ``notice`` (message id and params) for the learner, if any."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or state_dir() / "progress.json"
        self.language: str | None = None
        self.last: str | None = None
        self.lessons: dict[str, dict[str, Any]] = {}
        self.notice: tuple[str, dict[str, Any]] | None = None
        self._load()

    # --- Queries --------------------------------------------------------------------------
    def done(self, lesson_id: str) -> bool:
        return bool(self.lessons.get(lesson_id, {}).get("done"))

    def inputs(self, lesson_id: str) -> list[str]:
        return list(self.lessons.get(lesson_id, {}).get("inputs", []))

    def stars(self, lesson_id: str) -> int:
        """The best stars earned in a finished lesson (0 if never finished)."""
        return int(self.lessons.get(lesson_id, {}).get("stars", 0))

    def started(self, lesson_id: str) -> bool:
        """Under way: the next start offers to resume it."""
        entry = self.lessons.get(lesson_id)
        return bool(entry) and bool(entry.get("inputs"))

    # --- Changes --------------------------------------------------------------------------
    def record(self, lesson_id: str, inputs: list[str], done: bool, stars: int = 0) -> None:
        entry = self.lessons.setdefault(lesson_id, {})
        entry["inputs"] = [] if done else list(inputs)
        entry["done"] = bool(entry.get("done")) or done
        entry["stars"] = max(int(entry.get("stars", 0)), stars if done else 0)
        entry.pop("answers", None)  # the first format's, replaced by inputs
        self.last = lesson_id
        self.save()

    def forget(self, lesson_id: str) -> None:
        """Drop a lesson's unfinished answers (a restart), keeping its ✓ if earned."""
        if lesson_id in self.lessons:
            self.lessons[lesson_id]["inputs"] = []
            self.save()

    def set_language(self, language: str) -> None:
        self.language = language
        self.save()

    def save(self) -> None:
        """Write to a temporary file in the same folder, then replace: never half a file."""
        content = json.dumps({"format": FORMAT, "version": VERSION, "language": self.language,
                              "last": self.last, "lessons": self.lessons},
                             ensure_ascii=False, indent=1, sort_keys=True)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, temp = tempfile.mkstemp(prefix=".progress-", suffix=".tmp",
                                        dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(content)
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(temp, self.path)
        except OSError as err:
            self.notice = (N_("Your progress could not be saved in {path}: {reason}"),
                           {"path": str(self.path), "reason": err.strerror or str(err)})

    # --- Loading --------------------------------------------------------------------------
    def _load(self) -> None:
        try:
            text = self.path.read_text(encoding="utf-8")
        except FileNotFoundError:
            return
        except (OSError, UnicodeDecodeError) as err:
            self._set_aside(str(err))
            return
        try:
            content = json.loads(text)
            if not isinstance(content, dict) or content.get("format") != FORMAT:
                raise ValueError("not a progress file")
            lessons = content.get("lessons", {})
            if not isinstance(lessons, dict) or not all(
                isinstance(v, dict) and isinstance(v.get("inputs", []), list)
                and all(isinstance(a, str) for a in v.get("inputs", []))
                and isinstance(v.get("stars", 0), int) and 0 <= v.get("stars", 0) <= 3
                for v in lessons.values()
            ):
                raise ValueError("malformed lessons")
        except ValueError as err:
            self._set_aside(str(err))
            return
        self.lessons = lessons
        language = content.get("language")
        self.language = language if isinstance(language, str) else None
        last = content.get("last")
        self.last = last if isinstance(last, str) else None

    def _set_aside(self, reason: str) -> None:
        aside = self.path.with_name(f"{self.path.name}.corrupt-{time.strftime('%Y%m%d-%H%M%S')}")
        try:
            os.replace(self.path, aside)
        except OSError:
            aside = self.path
        self.notice = (N_("Your progress file could not be read ({reason}); it was set aside "
                          "as {path} and you start afresh."), {"reason": reason,
                                                              "path": str(aside)})
