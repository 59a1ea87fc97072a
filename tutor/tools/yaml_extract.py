"""A Babel extractor for the project's content data files (YAML).

The string values of the keys in ``TRANSLATABLE_KEYS``, at any depth, are messages; a
list under such a key contributes each of its strings. Everything else (ids, numbers,
actions, rule references) is data. Line numbers come from the YAML node marks, so a
translator's location points at the right line.

Two keys annotate the texts of the mapping they stand in (its own texts, not those of
the mappings nested in it):

- ``context: …`` gives them a gettext context (``msgctxt``): an English text that plays
  two grammatical roles becomes two messages, translated separately. The program must
  then look the text up with the same context (``Translator.pformat``).
- ``translators: …`` is a comment shown to translators beside them. To say that a text
  used in several places plays the same role everywhere, start it with "Same role".

The search words under ``keywords`` play one role wherever they appear, and are marked
so automatically.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

TRANSLATABLE_KEYS = frozenset({
    "title", "text", "question", "answer", "say", "prompt", "hint", "hints", "why",
    "label", "summary", "definition", "description", "note", "keywords", "choices",
    # Lesson steps (scenarios/README.md): a move to make, a goal to reach, feedback.
    "move", "goal", "feedback", "fail", "otherwise", "drill",
})
#: Keys whose value is a mapping of ids to texts (a lesson's ``ideas``).
TEXT_MAPPING_KEYS = frozenset({"ideas"})
#: Keys that annotate the texts of their mapping instead of being text themselves.
CONTEXT_KEY = "context"
COMMENT_KEY = "translators"
#: The comment every search word gets (see tutor/tools/checks.py: shared messages).
KEYWORD_COMMENT = "Same role everywhere: a search word that players may type."


def _strings(node: yaml.Node) -> Iterator[tuple[int, str]]:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        if node.value.strip():
            yield node.start_mark.line + 1, node.value
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if isinstance(item, yaml.ScalarNode):
                yield from _strings(item)


def _annotation(node: yaml.MappingNode, name: str) -> str | None:
    for key, value in node.value:
        if isinstance(key, yaml.ScalarNode) and key.value == name \
                and isinstance(value, yaml.ScalarNode) and value.value.strip():
            return " ".join(value.value.split())
    return None


def _walk(node: yaml.Node) -> Iterator[tuple[int, str, str | None, list[str]]]:
    if isinstance(node, yaml.MappingNode):
        context = _annotation(node, CONTEXT_KEY)
        comment = _annotation(node, COMMENT_KEY)
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value in TEXT_MAPPING_KEYS \
                    and isinstance(value, yaml.MappingNode):
                for _, text_node in value.value:
                    for line, text in _strings(text_node):
                        yield line, text, context, [comment] if comment else []
                continue
            if isinstance(key, yaml.ScalarNode) and key.value in TRANSLATABLE_KEYS:
                comments = [comment] if comment else []
                if key.value == "keywords":
                    comments.append(KEYWORD_COMMENT)
                for line, text in _strings(value):
                    yield line, text, context, comments
            yield from _walk(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item)


def extract_yaml(fileobj: IO[bytes], keywords: Mapping[str, Any],
                 comment_tags: Collection[str], options: Mapping[str, Any],
                 ) -> Iterator[tuple[int, str, Any, list[str]]]:
    """Babel extraction method: yields (line, funcname, message, comments); a text with
    a context comes as ``pgettext``'s (context, text)."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if root is None:
        return
    for line, text, context, comments in _walk(root):
        if context:
            yield line, "pgettext", (context, text), comments
        else:
            yield line, "", text, comments
