#!/usr/bin/env python3
"""Build a word-frequency bar chart for a folder of text/markdown files.

Token counts per file are cached in .wordfreq_cache.pkl so that re-running
after editing one chapter only re-reads the changed files.
"""
import argparse
import pickle
import re
import sys
from collections import Counter
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

CACHE_FILE = Path(".wordfreq_cache.pkl")
WORD_RE = re.compile(r"[A-Za-z][A-Za-z'-]+")
STOPWORDS = set("""
a about above after again against all am an and any are as at be because been
before being below between both but by can did do does doing down during each
few for from further had has have having he her here hers herself him himself
his how i if in into is it its itself just me more most my myself no nor not
now of off on once only or other our ours ourselves out over own same she
should so some such than that the their theirs them themselves then there
these they this those through to too under until up very was we were what
when where which while who whom why will with you your yours yourself
""".split())


def load_cache() -> dict:
    if CACHE_FILE.exists():
        try:
            with CACHE_FILE.open("rb") as fh:
                return pickle.load(fh)
        except (pickle.UnpicklingError, EOFError):
            pass
    return {}


def save_cache(cache: dict) -> None:
    with CACHE_FILE.open("wb") as fh:
        pickle.dump(cache, fh)


def count_file(path: Path, min_len: int) -> Counter:
    text = path.read_text(encoding="utf-8", errors="replace").lower()
    words = (w.strip("'-") for w in WORD_RE.findall(text))
    return Counter(w for w in words if len(w) >= min_len and w not in STOPWORDS)


def gather(folder: Path, min_len: int) -> Counter:
    cache = load_cache()
    total = Counter()
    fresh = 0
    for path in sorted(folder.rglob("*")):
        if path.suffix.lower() not in {".txt", ".md", ".rst"} or not path.is_file():
            continue
        key = str(path.resolve())
        mtime = path.stat().st_mtime
        entry = cache.get(key)
        if entry and entry["mtime"] == mtime and entry["min_len"] == min_len:
            counts = entry["counts"]
        else:
            counts = count_file(path, min_len)
            cache[key] = {"mtime": mtime, "min_len": min_len, "counts": counts}
            fresh += 1
        total.update(counts)
    save_cache(cache)
    print(f"{fresh} file(s) re-counted, {len(cache) - fresh} from cache")
    return total


def plot(counts: Counter, top: int, out: Path, title: str) -> None:
    common = counts.most_common(top)
    if not common:
        raise SystemExit("no words found")
    words, freqs = zip(*reversed(common))
    fig, ax = plt.subplots(figsize=(8, max(4, top * 0.3)))
    ax.barh(words, freqs, color="#4c72b0")
    ax.set_xlabel("occurrences")
    ax.set_title(title)
    for i, v in enumerate(freqs):
        ax.text(v, i, f" {v}", va="center", fontsize=8)
    fig.tight_layout()
    fig.savefig(out, dpi=150)
    plt.close(fig)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("folder", nargs="?", default=".", type=Path)
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--min-len", type=int, default=3)
    parser.add_argument("--out", default="word_freq.png", type=Path)
    args = parser.parse_args()

    counts = gather(args.folder, args.min_len)
    plot(counts, args.top, args.out, f"Top {args.top} words in {args.folder.resolve().name}")
    print(f"{sum(counts.values())} words, {len(counts)} distinct; chart saved to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
