"""How often ``celestia faq`` puts the right answer first, for real players' questions.

    python benchmarks/faq_quality.py [--verbose]
    python benchmarks/faq_quality.py --cross-validate [--folds N] [--verbose]

Reads the evaluation set ``tests/content/faq_queries.tsv`` (questions players ask, in
their words, each with the entry that must come first), searches each query in its
language and prints, per language, the share of queries whose entry comes first (top 1)
and among the first three (top 3). Then the same for the held-out set
``tests/content/faq_heldout.tsv``: questions written like the others but never used to
tune the search, so its figures say how the search does on questions it has not seen.
Then the situational sets of issue 21: ``tests/content/faq_situations.tsv`` (situations
players describe at the table; the search may be tuned on it) and its held-out half
``tests/content/faq_situations_heldout.tsv`` (never tuned on; its misses are not listed,
even with ``--verbose``, so that nobody tunes on them by accident: ``--heldout-misses``
lists them once the tuning is done). Then the development fresh sets (``STUDIED``:
``faq_fresh.tsv``, ``faq_fresh2.tsv``, ``faq_fresh3.tsv`` and the larger
``faq_fresh5.tsv``, ``faq_fresh6.tsv``, and ``faq_fresh7.tsv`` to ``faq_fresh10.tsv`` (French
and Hungarian only), in none of the example questions; the search is tuned on them). Then
the untouched fresh set ``tests/content/faq_fresh4.tsv`` (in none of the examples, never
tuned on; its misses are never listed, not even with ``--heldout-misses``).
``--verbose`` lists every miss of the other sets with what came first. The last line is
``faq: top1 <en>% <fr>% <hu>%, top3 <en>% <fr>% <hu>%`` (the evaluation set).

``--cross-validate`` prints only figures for questions the search has not seen, from
the tuning sets alone (the situational tuning half and the evaluation set): the FAQ's
example questions (``tutor/content/faq_examples.yaml``) hold those sets' questions, so
their plain figures say little. The questions are cut into ``--folds`` parts; each part
is asked with its own questions held back from the examples (``faq.hold_back``). Then the
same sets with every example question held back: the search on the entries' own words.

``--site DIR`` (a site built by ``celestia docs --out DIR``) also runs every query of
every set through the built search page's scripts in Node.js
(``tests/site/js/search_page.js``) and prints how often the page's first FAQ answer is
``celestia faq``'s: ``site: first FAQ answer as celestia faq's for N/M queries (P %)``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tutor.content import faq  # noqa: E402

QUERIES = ROOT / "tests" / "content" / "faq_queries.tsv"
HELD_OUT = ROOT / "tests" / "content" / "faq_heldout.tsv"
SITUATIONS = ROOT / "tests" / "content" / "faq_situations.tsv"
SITUATIONS_HELD_OUT = ROOT / "tests" / "content" / "faq_situations_heldout.tsv"
FRESH = ROOT / "tests" / "content" / "faq_fresh.tsv"
FRESH2 = ROOT / "tests" / "content" / "faq_fresh2.tsv"
FRESH3 = ROOT / "tests" / "content" / "faq_fresh3.tsv"
FRESH4 = ROOT / "tests" / "content" / "faq_fresh4.tsv"
FRESH5 = ROOT / "tests" / "content" / "faq_fresh5.tsv"
FRESH6 = ROOT / "tests" / "content" / "faq_fresh6.tsv"
FRESH7 = ROOT / "tests" / "content" / "faq_fresh7.tsv"
FRESH8 = ROOT / "tests" / "content" / "faq_fresh8.tsv"
FRESH9 = ROOT / "tests" / "content" / "faq_fresh9.tsv"
FRESH10 = ROOT / "tests" / "content" / "faq_fresh10.tsv"
LANGUAGES = ("en", "fr", "hu")


def read_queries(path: Path = QUERIES) -> list[tuple[str, str, str]]:
    """(language, expected entry id, query) for each line of the evaluation set."""
    found = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        language, expected, query, *_ = line.split("\t")
        found.append((language, expected, query))
    return found


def ranks(queries: list[tuple[str, str, str]]) -> list[tuple[str, str, str, int | None,
                                                              list[str]]]:
    """Each query with the rank (1-based) of its entry among the first three, or None."""
    results = []
    for language, expected, query in queries:
        top = [e.id for e in faq.search(query, language, limit=3)]
        rank = top.index(expected) + 1 if expected in top else None
        results.append((language, expected, query, rank, top))
    return results


def shares(results: list[tuple[str, str, str, int | None, list[str]]],
           language: str) -> tuple[float, float, int]:
    mine = [r for r in results if r[0] == language]
    if not mine:
        return 0.0, 0.0, 0
    first = sum(1 for r in mine if r[3] == 1)
    three = sum(1 for r in mine if r[3] is not None)
    return 100 * first / len(mine), 100 * three / len(mine), len(mine)



def figures(results: list[tuple[str, str, str, int | None, list[str]]]) -> str:
    """Each language's top 1 and top 3 shares of ``results``, on one line."""
    found = []
    for language in LANGUAGES:
        first, three, count = shares(results, language)
        if not count:   # a set in some languages only (fresh7: French and Hungarian)
            continue
        found.append(f"{language}: {count} queries, top 1 {first:.0f} %, top 3 {three:.0f} %")
    return "; ".join(found)

def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--verbose", action="store_true", help="list every miss")
    parser.add_argument("--heldout-misses", action="store_true",
                        help="also list the misses of the held-out situational set")
    parser.add_argument("--site", type=Path, help="a built site: compare its search page")
    parser.add_argument("--cross-validate", action="store_true",
                        help="only the cross-validated figures of the tuning sets")
    parser.add_argument("--folds", type=int, default=FOLDS, help="folds (default 5)")
    args = parser.parse_args()
    if args.cross_validate:
        cross_validate(args.folds, args.verbose)
        return 0
    held_out = ranks(read_queries(HELD_OUT)) if HELD_OUT.exists() else []
    situations = ranks(read_queries(SITUATIONS))
    situations_held = ranks(read_queries(SITUATIONS_HELD_OUT))
    results = ranks(read_queries())
    studied = [(name, ranks(read_queries(path))) for name, path in STUDIED.items()]
    listed = [("held out", held_out), ("situations", situations), ("evaluation", results),
              *studied]
    if args.heldout_misses:
        listed.append(("situations held out", situations_held))
    for name, found in listed:
        for language, expected, query, rank, top in found:
            if rank != 1 and (args.verbose or rank is None):
                where = f"rank {rank}" if rank else "not in the top 3"
                print(f"{name} {language}  {query!r}: {expected} {where}; first: {top[:1]}")
    for name, found in (("held out (never tuned on)", held_out),
                        ("situations, tuning half", situations),
                        ("situations, held out (never tuned on)", situations_held),
                        *studied,
                        *[(name, ranks(read_queries(path)))
                          for name, path in UNTOUCHED.items()]):
        if found:
            print(f"{name}: {figures(found)}")
    firsts, threes = [], []
    for language in LANGUAGES:
        first, three, count = shares(results, language)
        print(f"{language}: {count} queries, top 1 {first:.0f} %, top 3 {three:.0f} %")
        firsts.append(f"{first:.0f}%")
        threes.append(f"{three:.0f}%")
    print(f"faq: top1 {' '.join(firsts)}, top3 {' '.join(threes)}")
    if args.site:
        agree, total = site_agreement(args.site, [
            *read_queries(), *read_queries(HELD_OUT), *read_queries(SITUATIONS),
            *read_queries(SITUATIONS_HELD_OUT), *read_queries(FRESH), *read_queries(FRESH2),
            *read_queries(FRESH3), *read_queries(FRESH4), *read_queries(FRESH5),
            *read_queries(FRESH6), *read_queries(FRESH7),
            *read_queries(FRESH8)])
        print(f"site: first FAQ answer as celestia faq's for {agree}/{total} queries "
              f"({100 * agree / total:.1f} %)")
    return 0


#: How many parts the tuning sets are cut into for ``--cross-validate``.
FOLDS = 5
#: The names of the sets whose misses nobody looks at (``tests/content/faq_fresh4.tsv``),
#: with their files.
UNTOUCHED = {"fresh4 (in no example, untouched)": FRESH4}
#: The fresh sets that have become development data (their misses were studied), with
#: their files: in none of the examples, asked with all of them.
STUDIED = {"fresh (in no example)": FRESH, "fresh2 (in no example)": FRESH2,
           "fresh3 (in no example)": FRESH3, "fresh5 (in no example)": FRESH5,
           "fresh6 (in no example)": FRESH6, "fresh7 (in no example)": FRESH7,
           "fresh8 (in no example)": FRESH8, "fresh9 (in no example)": FRESH9,
           "fresh10 (in no example)": FRESH10}


def tuning_sets() -> dict[str, list[tuple[str, str, str]]]:
    """The sets the search is tuned on, whose questions are also example questions: the
    situational tuning half and the evaluation set."""
    return {"situations": read_queries(SITUATIONS), "evaluation": read_queries()}


def held_back_folds(questions: list[tuple[str, str, str]], folds: int) -> Iterator[int]:
    """Each fold's number, with that fold's questions (every ``folds``-th) held back
    from the example questions while it is asked; all of them come back at the end."""
    try:
        for fold in range(folds):
            faq.hold_back([query for n, (_, _, query) in enumerate(questions)
                           if n % folds == fold])
            yield fold
    finally:
        faq.hold_back(())


def cross_validate(folds: int, verbose: bool = False) -> None:
    """Figures for questions the search has not seen, from the tuning sets alone: the
    questions of the situational tuning half and the evaluation set are cut into
    ``folds`` parts (every ``folds``-th question of each language); each part is asked
    with its questions held back from the FAQ's example questions
    (``tutor/content/faq_examples.yaml``), so that no question finds itself. Printed per
    set and language, then for the search without any example question (all held back:
    what the words of the entries alone find). The fresh questions of
    ``tests/content/faq_fresh.tsv``, ``faq_fresh2.tsv``, ``faq_fresh3.tsv``,
    ``faq_fresh4.tsv`` to ``faq_fresh10.tsv``, in none of the examples, are asked with all
    of them. ``faq_fresh2.tsv`` and ``faq_fresh3.tsv`` have
    become development data (their misses were studied to find what the search misses),
    ``faq_fresh5.tsv`` to ``faq_fresh10.tsv`` were written as development data (larger sets,
    tuned on), so ``faq_fresh4.tsv`` is the untouched
    set (``UNTOUCHED``): its misses are never listed, even with ``verbose``."""
    asked = tuning_sets()
    everything = [q for found in asked.values() for q in found]
    results: dict[str, list] = {name: [] for name in asked}
    # Questions in none of the examples: asked with all of them.
    fresh = {**STUDIED, **UNTOUCHED}
    for name, path in fresh.items():
        results[name] = ranks(read_queries(path))
    for fold in held_back_folds(everything, folds):
        start = 0
        for name, found in asked.items():
            results[name].extend(ranks([q for n, q in enumerate(found, start)
                                        if n % folds == fold]))
            start += len(found)
    faq.hold_back([query for _, _, query in everything] + [
        text for _, _, text in faq.example_questions()])
    bare = {name: ranks(found) for name, found in
            [*asked.items(), *[(name, read_queries(path)) for name, path in fresh.items()]]}
    faq.hold_back(())
    for title, table in ((f"cross-validated ({folds} folds)", results),
                         ("without example questions", bare)):
        for name, found in table.items():
            if verbose and table is results and name not in UNTOUCHED:
                for language, expected, query, rank, top in found:
                    if rank != 1:
                        print(f"{name} {language}  {query!r}: {expected} rank {rank}; "
                              f"first: {top[:1]}")
            print(f"{title}, {name}: {figures(found)}")


def site_agreement(site: Path, queries: list[tuple[str, str, str]]) -> tuple[int, int]:
    """How many queries get the same first FAQ answer on the built search page as from
    ``celestia faq``, of how many."""
    import json
    import subprocess

    runner = ROOT / "tests" / "site" / "js" / "search_page.js"
    agree = 0
    for language in LANGUAGES:
        mine = [query for lang, _, query in queries if lang == language]
        done = subprocess.run(["node", str(runner), str(site), language],
                              input=json.dumps(mine), capture_output=True, text=True,
                              check=True)
        for query, anchors in zip(mine, json.loads(done.stdout), strict=True):
            first = [a for a in anchors if a.startswith("faq-")][:1]
            agree += first == [f"faq-{e.id}" for e in faq.search(query, language, limit=1)]
    return agree, len(queries)


if __name__ == "__main__":
    sys.exit(main())
