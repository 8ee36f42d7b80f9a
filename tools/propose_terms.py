"""Propose each look-up topic's index terms from the rule text it covers (a one-off tool).

For every topic of a system (the topic file's and the entries the system lists), the
passage of the source text that matches it best (BM25 over passages of about 60 words)
is found, and that passage's most distinctive words that the topic does not use yet
(by how often the passage uses them and how few passages of the text do) are proposed.
The proposals are written as the `[terms]` table at the end of each
`rules_data/<id>_topics.toml`, to be reviewed there; the package reads only that table,
never the source texts.

    python tools/propose_terms.py RULES_FOLDER [--show] [SYSTEM ...]

RULES_FOLDER holds the source texts and the README whose table names each system's file.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from companion import systems  # noqa: E402
from companion.lookup.topics import RuleTopic, all_topics, file_name  # noqa: E402
from companion.lookup.words import STOP_WORDS, stem, words  # noqa: E402

PASSAGE_WORDS = 50  # a passage: sentences in a row until about this many words
PER_TOPIC = 12  # terms proposed per topic
K1, B = 1.2, 0.75
MARK = "# Index terms"
# Words of any rule text that say nothing of which rule it is.
GENERIC = frozenset(
    "also any each other one two three may must not only all more most other same such "
    "into out up down over under before after while until just like used use using see "
    "page rule rules figure figures player players game turn unit units model models "
    "time times number first second end per instead following below above however whether "
    "either immediately thus though still already always never even simply actually quite "
    "very maybe might want wish need needs able possible regular regularly described "
    "description refer called example etc else without against between during being been "
    "these those here whatever whenever whoever everything anything everyone another new "
    "result value got gets goes going doing done did does having taking given certain kind "
    "kinds type way ways part case both own off back next left right long".split()
)
# Reviewed out: words the extraction garbled, and names from the text's examples.
DROP = frozenset(
    "abstrahise citiy civina direoll sepearate ores falc whe sup cpt john rabbit robyn "
    "fawkes merry "
    # a near spelling of SKIRMASHED's Manoeuvre stat: 1ss uses it only in passing
    "maneuver".split()
)
# Reviewed out per topic: the word is the key of another topic of the same passage.
NOT_FOR = {("warstuff", "skirmish"): frozenset({"warband"})}
_SENTENCE = re.compile(r"(?<=[.!?:])\s+|\n+")
_TOKEN = re.compile(r"[a-z][a-z'!-]*[a-z!]|[a-z]")


def source_files(folder: Path) -> dict[str, Path]:
    """System id -> its source text, from the folder README's table."""
    out = {}
    for line in (folder / "README.md").read_text().splitlines():
        m = re.match(r"\|\s*`([a-z0-9]+)`\s*\|\s*(\S+\.txt)\s*\|", line)
        if m:
            out[m.group(1)] = folder / m.group(2)
    return out


def passages(text: str) -> list[str]:
    sentences = [s.strip(" #*-|\t") for s in _SENTENCE.split(text)]
    sentences = [s for s in sentences if s and "http" not in s and "@" not in s]
    out = []
    for i in range(len(sentences)):
        chunk: list[str] = []
        for s in sentences[i:]:
            chunk.append(s)
            if sum(len(c.split()) for c in chunk) >= PASSAGE_WORDS:
                break
        out.append(" ".join(chunk))
    return out


def idf(docs: list[list[str]]) -> dict[str, float]:
    df = Counter(w for d in docs for w in set(d))
    n = len(docs)
    return {w: math.log(1 + (n - d + 0.5) / (d + 0.5)) for w, d in df.items()}


def query(t: RuleTopic) -> Counter[str]:
    q: Counter[str] = Counter()
    for text, weight in ((t.title, 3), (" ".join(t.keywords), 2), (t.sheet, 1), (t.text, 1)):
        for w in words(text):
            q[w] += weight
    return q


def best_passage(q: Counter[str], docs: list[list[str]], rare: dict[str, float]) -> int:
    avg = sum(len(d) for d in docs) / max(len(docs), 1)
    best, where = 0.0, 0
    for i, d in enumerate(docs):
        tf = Counter(d)
        norm = K1 * (1 - B + B * len(d) / avg)
        score = sum(
            math.log(1 + n) * rare.get(w, 0) * tf[w] * (K1 + 1) / (tf[w] + norm)
            for w, n in q.items()
            if w in tf
        )
        if score > best:
            best, where = score, i
    return where


def surface(text: str) -> dict[str, str]:
    """Each stem of the text with the word form the text uses most for it."""
    forms: dict[str, Counter[str]] = {}
    for w in _TOKEN.findall(text.casefold()):
        w = w.strip("'")
        if w in STOP_WORDS or len(w) < 3:
            continue
        forms.setdefault(stem(w), Counter())[w] += 1
    return {s: c.most_common(1)[0][0] for s, c in forms.items()}


def propose(system_id: str, source: Path) -> dict[str, list[str]]:
    text = source.read_text()
    found = passages(text)
    docs = [words(p) for p in found]
    rare = idf(docs)
    topics = all_topics(system_id)
    generic = {stem(w) for w in GENERIC}
    # Another topic's name would send its questions here.
    names = {w for t in topics for w in words(t.title + " " + t.id.replace("-", " "))}
    out: dict[str, list[str]] = {}
    for t in topics:
        if t.kind == "genre":  # a genre's text already names every unit of its list
            continue
        q = query(t)
        i = best_passage(q, docs, rare)
        own = set(q) | names
        forms = surface(found[i])
        tf = Counter(docs[i])
        ranked = sorted(
            (
                w
                for w in tf
                if w in forms
                and w not in own
                and w not in generic
                and forms[w] not in DROP
                and forms[w] not in NOT_FOR.get((system_id, t.id), ())
            ),
            key=lambda w: -(math.log(1 + tf[w]) * rare[w]),
        )
        out[t.id] = [forms[w] for w in ranked[:PER_TOPIC]]
    return out


def write(system_id: str, terms: dict[str, list[str]]) -> None:
    path = Path(__file__).resolve().parents[1] / "rules_data" / file_name(system_id)
    body = path.read_text()
    if MARK in body:
        body = body[: body.index(MARK)].rstrip() + "\n"
    lines = [
        "",
        f"{MARK}: per topic, the distinctive words of the passage of the rule text it",
        "# covers (proposed by tools/propose_terms.py, then reviewed). Only the search reads",
        "# them; they are never shown.",
        "[terms]",
    ]
    for tid, ts in terms.items():
        if ts:
            key = tid if re.match(r"^[a-z0-9-]+$", tid) else f'"{tid}"'
            lines.append(f"{key} = [{', '.join(repr(x).replace(chr(39), chr(34)) for x in ts)}]")
    path.write_text(body + "\n".join(lines) + "\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path)
    parser.add_argument("systems", nargs="*")
    parser.add_argument("--show", action="store_true", help="print, do not write")
    args = parser.parse_args(argv)
    files = source_files(args.folder)
    for sid in args.systems or systems.ids():
        terms = propose(sid, files[sid])
        if args.show:
            for tid, ts in terms.items():
                print(f"{sid}:{tid}: {', '.join(ts)}")
        else:
            write(sid, terms)
    return 0


if __name__ == "__main__":
    sys.exit(main())
