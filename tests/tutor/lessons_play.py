"""Playing a lesson's session as a learner who knows the answers (shared by the tests)."""

from __future__ import annotations

from tutor.lessons.controller import Session


def right_key(session: Session) -> str:
    """The option key of an accepted answer; in a goal, the next move of its solution."""
    ask = session.ask
    assert ask is not None
    if ask.kind == "goal":
        decision = int(ask.key.split(".")[1])
        return ask.step.solution[decision]
    return next(o.key for o in ask.options if o.correct)


def right_position(session: Session) -> int:
    key = right_key(session)
    return next(i for i, o in enumerate(session.options()) if o.key == key)


def wrong_position(session: Session) -> int | None:
    """The shown position of a wrong option, if the question has one."""
    for i, option in enumerate(session.options()):
        if not option.correct:
            return i
    return None


def finish(session: Session, limit: int = 2000) -> None:
    """Answer every question right (goals with their solution) until the recap."""
    for _ in range(limit):
        if session.finished:
            return
        if session.pause == "say":
            session.proceed()
        else:
            session.choose(right_position(session))
    raise AssertionError("the lesson did not end")
