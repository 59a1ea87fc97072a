"""The floors of the package (README.md, "How it is built"), read from its imports: every
import counts, those inside functions and under ``TYPE_CHECKING`` too.

- a module imports only from its own floor or the floors below it (``FLOORS``);
- no import circle, an import of ``a.b.c`` counting as one of the packages ``a`` and
  ``a.b`` too (their ``__init__`` runs first);
- the engine imports nothing but itself and the standard library;
- an import inside a function says why it is not at the top: which start-up budget it
  protects (``# start-up: … (benchmarks/<script>.py)``), or which optional piece it
  waits for (``# optional: …``);
- the modules the lessons page ships (``tutor.web.publish.MODULES``) import, when they
  load, only modules it ships.

The graph comes from grimp, the import graph of import-linter: its layer contracts take
a package with everything in it, while here a module of a package may stand on a lower
floor than its package (``tutor.app.board`` draws the board for every front end).
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

from tutor.web.publish import MODULES

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "tutor"

#: The floors, from the bottom up: each module belongs to the floor of its longest name
#: listed here (``tutor.practice.ui`` is on "front ends", the rest of ``tutor.practice``
#: on "practice").
FLOORS: list[tuple[str, tuple[str, ...]]] = [
    ("engine", ("tutor.engine",)),
    ("common ground", ("tutor", "tutor.file_errors", "tutor.inputs", "tutor.storage",
                       "tutor.records", "tutor.grammar", "tutor.glossary", "tutor.i18n",
                       "tutor.names", "tutor.terminal_text")),
    ("content", ("tutor.content",)),
    ("practice", ("tutor.practice",)),
    ("lessons", ("tutor.lessons",)),
    ("front ends", ("tutor.app", "tutor.web", "tutor.practice.ui", "tutor.practice.batch",
                    "tutor.cli", "tutor.argparse_texts")),
    ("site", ("tutor.site",)),
    ("commands", ("tutor.commands", "tutor.__main__")),
    ("tools", ("tutor.tools",)),
]
#: Shared pieces of a front-end package, on a lower floor than their package.
SHARED = {"tutor.app.board": "lessons"}
LEVEL = {name: level for level, (name, _) in enumerate(FLOORS)}
WHERE = {prefix: name for name, prefixes in FLOORS for prefix in prefixes} | SHARED


def floor(module: str) -> str:
    parts = module.split(".")
    for n in range(len(parts), 0, -1):
        found = WHERE.get(".".join(parts[:n]))
        if found is not None:
            return found
    raise AssertionError(f"{module} is on no floor: add it to FLOORS in {__file__}")


GRAPH = grimp.build_graph("tutor", cache_dir=None)


def where(importer: str, imported: str) -> str:
    lines = GRAPH.get_import_details(importer=importer, imported=imported)
    return ", ".join(f"line {d['line_number']}" for d in lines) or "its package"


def test_every_module_imports_only_its_floor_and_below() -> None:
    upward = []
    for module in sorted(GRAPH.modules):
        for imported in sorted(GRAPH.find_modules_directly_imported_by(module)):
            if LEVEL[floor(imported)] > LEVEL[floor(module)]:
                upward.append(f"{module} ({floor(module)}) imports {imported} "
                              f"({floor(imported)}), {where(module, imported)}")
    assert not upward, "imports up a floor:\n  " + "\n  ".join(upward)


def edges() -> dict[str, set[str]]:
    """Who imports whom, the packages of an imported module included."""
    found: dict[str, set[str]] = {module: set() for module in GRAPH.modules}
    for module in GRAPH.modules:
        for imported in GRAPH.find_modules_directly_imported_by(module):
            parts = imported.split(".")
            for n in range(1, len(parts) + 1):
                target = ".".join(parts[:n])
                # A module's own packages are already loaded when it runs.
                if target != module and not module.startswith(target + "."):
                    found[module].add(target)
    return found


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_no_import_circles() -> None:
    graph = edges()
    found = circles(graph)
    report = []
    for component in found:
        report.append(" <-> ".join(component))
        report += [f"    {a} imports {b}, {where(a, b)}"
                   for a in component for b in sorted(graph[a]) if b in component]
    assert not found, "import circles:\n  " + "\n  ".join(report)


def imports(tree: ast.AST) -> Iterator[tuple[ast.Import | ast.ImportFrom, bool]]:
    """Every import statement of a module, and whether it stands inside a function."""
    def visit(node: ast.AST, inside: bool) -> Iterator[tuple[ast.Import | ast.ImportFrom,
                                                              bool]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, (ast.Import, ast.ImportFrom)):
                yield child, inside
            yield from visit(child, inside or isinstance(
                child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)))

    yield from visit(tree, False)


def test_the_engine_imports_only_itself_and_the_standard_library() -> None:
    engine = PACKAGE / "engine"
    found = []
    for path in sorted(engine.rglob("*.py")):
        depth = len(path.relative_to(engine).parts)  # 1 for tutor/engine/x.py
        for node, _ in imports(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level:
                if node.level > depth:
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports "
                                 f"{'.' * node.level}{node.module or ''}")
                continue
            names = [a.name for a in node.names] if isinstance(node, ast.Import) \
                else [node.module or ""]
            for name in names:
                top = name.split(".")[0]
                if top != "__future__" and top not in sys.stdlib_module_names and not (
                        name == "tutor.engine" or name.startswith("tutor.engine.")):
                    found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not found, "the engine imports from outside:\n  " + "\n  ".join(found)


REASON = re.compile(r"#\s*(start-up|optional):\s*(.*)")
BENCHMARK = re.compile(r"benchmarks/(\w+\.py)")


def _reason(lines: list[str], node: ast.stmt, block: list[ast.stmt]) -> str | None:
    """The ``# start-up:``/``# optional:`` comment that covers ``node``: on its line, in
    the comment right above it, or above the run of imports it ends."""
    first = node
    position = block.index(node)
    while position and isinstance(block[position - 1], (ast.Import, ast.ImportFrom)) \
            and block[position - 1].end_lineno == first.lineno - 1:
        position -= 1
        first = block[position]
    candidates = [lines[n.lineno - 1] for n in block[position:block.index(node) + 1]]
    above = first.lineno - 2
    while above >= 0 and lines[above].strip().startswith("#"):
        candidates.append(lines[above])
        above -= 1
    for line in candidates:
        match = REASON.search(line)
        if match:
            return match.group(1) + ": " + match.group(2)
    return None


def function_imports() -> Iterator[tuple[Path, ast.stmt, str | None]]:
    for path in sorted(PACKAGE.rglob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        blocks = {id(s): body for node in ast.walk(tree)
                  for field in ("body", "orelse", "finalbody")
                  for body in [getattr(node, field, None)] if isinstance(body, list)
                  for s in body}
        for node, inside in imports(tree):
            if inside:
                yield path, node, _reason(lines, node, blocks[id(node)])


def test_an_import_inside_a_function_says_what_it_waits_for() -> None:
    unexplained, unknown = [], []
    for path, node, reason in function_imports():
        place = f"{path.relative_to(ROOT)}:{node.lineno}: {ast.unparse(node)}"
        if reason is None:
            unexplained.append(place)
        elif reason.startswith("start-up"):
            named = BENCHMARK.findall(reason)
            if not named or not all((ROOT / "benchmarks" / n).is_file() for n in named):
                unknown.append(f"{place} ({reason})")
    assert not unexplained, ("imports inside a function without a '# start-up: <budget> "
                             "(benchmarks/<script>.py)' or '# optional: <why>' comment; "
                             "move them to the top:\n  " + "\n  ".join(unexplained))
    assert not unknown, ("start-up comments that name no benchmark script:\n  "
                         + "\n  ".join(unknown))


@pytest.mark.parametrize(("source", "covered"), [
    ("def f():\n    # start-up: the tutor (benchmarks/tutor.py)\n    import a\n    import b\n",
     [True, True]),
    ("def f():\n    import a  # optional: the docs extra\n\n    import b\n", [True, False]),
    ("def f():\n    # start-up: the lookups,\n    # a long reason\n    import a\n", [True]),
    ("def f():\n    import a\n", [False]),
])
def test_the_reason_covers_a_run_of_imports(source: str, covered: list[bool]) -> None:
    lines = source.splitlines()
    body = ast.parse(source).body[0].body  # type: ignore[attr-defined]
    found = [_reason(lines, node, body) is not None for node in body]
    assert found == covered


def test_the_page_ships_every_module_its_modules_load() -> None:
    shipped = {path for pattern in MODULES for path in PACKAGE.glob(pattern)
               if path.suffix == ".py"}
    names = {".".join(p.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")
             for p in shipped}
    missing = []
    for name in sorted(names):
        # What loads with the module: its imports outside functions (TYPE_CHECKING aside).
        path = ROOT / (name.replace(".", "/") + ".py")
        if not path.is_file():
            path = ROOT / name.replace(".", "/") / "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                for imported in GRAPH.find_modules_directly_imported_by(name):
                    lines = {d["line_number"] for d in GRAPH.get_import_details(
                        importer=name, imported=imported)}
                    if node.lineno in lines and imported not in names:
                        missing.append(f"{name}:{node.lineno} imports {imported}")
    assert not missing, ("the page would fail to load (tutor/web/publish.py MODULES):\n  "
                         + "\n  ".join(missing))
