#!/usr/bin/env python3
"""Clean survey responses and write per-wave summaries.

Parsing large exports is slow, so the normalised rows are cached between
runs in ./.survey_cache keyed on the input file's mtime and size.
"""
import argparse
import csv
import logging
import pickle
import re
import sys
import unicodedata
from collections import Counter, defaultdict
from pathlib import Path

log = logging.getLogger("survey_clean")
CACHE_DIR = Path(".survey_cache")
WS = re.compile(r"\s+")
EMAIL = re.compile(r"[\w.+-]+@[\w-]+\.[\w.]+")
STOPWORDS = {"the", "a", "an", "and", "or", "to", "of", "is", "it", "i", "was"}


def normalise(text: str) -> str:
    text = unicodedata.normalize("NFKC", text or "")
    text = EMAIL.sub("[email]", text)
    return WS.sub(" ", text).strip()


def parse(path: Path) -> list:
    rows, seen = [], set()
    with path.open(newline="", encoding="utf-8-sig") as fh:
        for row in csv.DictReader(fh):
            answer = normalise(row.get("answer", ""))
            key = (row.get("respondent_id"), answer.lower())
            if len(answer) < 3 or key in seen:
                continue
            seen.add(key)
            rows.append({"id": row.get("respondent_id"), "wave": row.get("wave", "1"), "text": answer})
    return rows


class RowCache:
    def __init__(self, directory: Path):
        self.directory = directory
        self.directory.mkdir(exist_ok=True)

    def _slot(self, source: Path) -> Path:
        st = source.stat()
        return self.directory / f"{source.stem}-{int(st.st_mtime)}-{st.st_size}.pkl"

    def get(self, source: Path):
        slot = self._slot(source)
        if not slot.exists():
            return None
        with slot.open("rb") as fh:
            return pickle.load(fh)

    def put(self, source: Path, rows: list) -> None:
        with self._slot(source).open("wb") as fh:
            pickle.dump(rows, fh, protocol=pickle.HIGHEST_PROTOCOL)


def summarise(rows: list, top: int) -> dict:
    per_wave = defaultdict(Counter)
    for row in rows:
        words = [w for w in re.findall(r"[a-z']+", row["text"].lower()) if w not in STOPWORDS]
        per_wave[row["wave"]].update(words)
    return {wave: counter.most_common(top) for wave, counter in sorted(per_wave.items())}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("csv", type=Path, nargs="?", default=Path("responses.csv"))
    ap.add_argument("--top", type=int, default=15)
    ap.add_argument("--no-cache", action="store_true")
    ap.add_argument("--out", type=Path, default=Path("survey_summary.txt"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.csv.exists():
        log.error("input %s not found", args.csv)
        return 2
    cache = RowCache(CACHE_DIR)
    rows = None if args.no_cache else cache.get(args.csv)
    if rows is None:
        rows = parse(args.csv)
        cache.put(args.csv, rows)
        log.info("parsed %d rows", len(rows))
    else:
        log.info("loaded %d rows from cache", len(rows))

    with args.out.open("w", encoding="utf-8") as out:
        for wave, words in summarise(rows, args.top).items():
            out.write(f"== wave {wave} ==\n")
            for word, count in words:
                out.write(f"{word:<20}{count:>6}\n")
    log.info("summary written to %s", args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
