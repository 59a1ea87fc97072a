"""Starting the tutor app: progress, language, the prompt-toolkit Application."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import LANGUAGES, Translator
from ..lessons.controller import Tutor
from ..lessons.progress import Progress
from ..lessons.schema import Lesson
from ..std_streams import INTERRUPTED
from .first_frame import FirstFrame
from .screen_text import opening_message
from .style import build_style, colour_wanted


def make_tutor(lessons: Sequence[Lesson], tr: Translator, explicit_language: bool,
               progress: Progress | None = None) -> Tutor:
    """The controller's language: an explicit choice (``--lang`` or ``CELESTIA_LANG``, already
    in ``tr``), else the language the learner last used, else ``tr``'s (the locale's)."""
    progress = progress or Progress()
    language = tr.language
    if not explicit_language and progress.language in LANGUAGES:
        language = progress.language
    return Tutor(lessons, progress, language)


def create_app(tutor: Tutor, lesson_id: str | None = None, review: bool = False,
               **app_args: Any):
    """The prompt-toolkit Application (``app_args``: e.g. ``input``/``output`` for tests);
    ``review``: open on the review (the menu says if nothing is due)."""
    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from prompt_toolkit.application import Application
    from prompt_toolkit.output.color_depth import ColorDepth

    # start-up: the tutor's first screen (benchmarks/tutor.py)
    from .keys import build_keys
    from .layout import LESSON, TutorUI

    ui = TutorUI(tutor)
    if lesson_id is not None:
        tutor.open(lesson_id, resume=True)
        ui.screen = LESSON
    elif review:
        # start-up: the tutor's first screen (benchmarks/tutor.py)
        from .keys import open_review

        open_review(ui)
    app = Application(layout=ui.layout, key_bindings=build_keys(ui), style=build_style(),
                      full_screen=True, mouse_support=False,
                      color_depth=None if colour_wanted() else ColorDepth.MONOCHROME,
                      **app_args)
    app.tutor_ui = ui  # type: ignore[attr-defined]  # for tests and the benchmark
    return app


def run_app(lessons: Sequence[Lesson], tr: Translator, explicit_language: bool,
            lesson_id: str | None = None, review: bool = False) -> int:
    tutor = make_tutor(lessons, tr, explicit_language)
    if lesson_id is not None:
        tutor.lesson(lesson_id)  # an unknown id is reported before the screen opens
    # The menu shows before prompt-toolkit is imported; the app then draws it again.
    frame = FirstFrame()
    if lesson_id is None and not review:
        frame.draw(tutor, tutor.suggested(), opening_message(tutor))
    drawn = []
    shown = tutor.progress.notice  # already on the menu screen
    try:
        app = create_app(tutor, lesson_id, review=review)
        app.after_render += lambda _app: drawn.append(True)
        result = app.run()
    except KeyboardInterrupt:
        result = INTERRUPTED
    except EOFError:
        result = 0
    finally:
        # The app leaves the alternate screen itself once it has drawn in it.
        frame.close(app_started=bool(drawn))
        tutor.close()
    notice = tutor.progress.notice
    if notice is not None and notice != shown:  # e.g. the last save failed
        msgid, params = notice
        print(tutor.tr.format(msgid, **params))
    return int(result or 0)
