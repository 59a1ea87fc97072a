"""A Babel extractor for the project's content data files (YAML).

The string values of the keys in ``TRANSLATABLE_KEYS``, at any depth, are messages; a
list under such a key contributes each of its strings. Everything else (ids, numbers,
actions, rule references) is data. Line numbers come from the YAML node marks, so a
translator's location points at the right line.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

import yaml

TRANSLATABLE_KEYS = frozenset({
    "title", "text", "question", "answer", "say", "prompt", "hint", "hints", "why",
    "label", "summary", "definition", "description", "note", "keywords", "choices",
    # Lesson steps (scenarios/README.md): a move to make, a goal to reach, feedback.
    "move", "goal", "feedback", "fail", "otherwise",
})


def _strings(node: yaml.Node) -> Iterator[tuple[int, str]]:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str":
        if node.value.strip():
            yield node.start_mark.line + 1, node.value
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            if isinstance(item, yaml.ScalarNode):
                yield from _strings(item)


def _walk(node: yaml.Node) -> Iterator[tuple[int, str]]:
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            if isinstance(key, yaml.ScalarNode) and key.value in TRANSLATABLE_KEYS:
                yield from _strings(value)
            yield from _walk(value)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            yield from _walk(item)


def extract_yaml(fileobj: IO[bytes], keywords: Mapping[str, Any],
                 comment_tags: Collection[str], options: Mapping[str, Any],
                 ) -> Iterator[tuple[int, str, str, list[str]]]:
    """Babel extraction method: yields (line, funcname, message, comments)."""
    root = yaml.compose(fileobj.read().decode("utf-8"), Loader=yaml.SafeLoader)
    if root is None:
        return
    for line, text in _walk(root):
        yield line, "", text, []
