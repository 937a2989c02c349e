#!/usr/bin/env python3
"""Import cue lists written by the lighting designer into the console format.

The designer keeps the plot in YAML (one document per cue list). Fade times
may be written as expressions such as "2.5 * 2" or "bar(4)" so they can be
scaled with the music tempo. Parsed lists are cached in ./.cue_cache to make
re-imports during tech rehearsals quick.
"""
import argparse
import csv
import hashlib
import logging
import math
import pickle
import sys
from pathlib import Path

import yaml

log = logging.getLogger("cue_import")

CACHE_DIR = Path(".cue_cache")


def tempo_helpers(bpm: float) -> dict:
    beat = 60.0 / bpm
    return {
        "beat": lambda n=1: n * beat,
        "bar": lambda n=1, per=4: n * per * beat,
        "min": min, "max": max, "round": round, "sqrt": math.sqrt,
    }


def cache_path(src: Path) -> Path:
    key = hashlib.sha256(src.read_bytes()).hexdigest()[:16]
    return CACHE_DIR / f"{src.stem}-{key}.pkl"


def load_cached(src: Path):
    path = cache_path(src)
    if path.exists():
        with path.open("rb") as fh:
            return pickle.load(fh)
    return None


def store_cached(src: Path, data):
    CACHE_DIR.mkdir(exist_ok=True)
    with cache_path(src).open("wb") as fh:
        pickle.dump(data, fh)


def parse_plot(src: Path):
    cached = load_cached(src)
    if cached is not None:
        log.info("using cached parse of %s", src.name)
        return cached
    with src.open() as fh:
        docs = list(yaml.load_all(fh, Loader=yaml.Loader))
    store_cached(src, docs)
    return docs


def fade_seconds(expr, helpers) -> float:
    if isinstance(expr, (int, float)):
        return float(expr)
    # designer expressions, e.g. "bar(2)" or "beat(3) + 0.5"
    return float(eval(str(expr), {"__builtins__": {}}, helpers))


class CueList:
    def __init__(self, doc: dict, helpers: dict):
        self.name = doc.get("name", "Main")
        self.number = doc.get("list", 1)
        self.cues = []
        for raw in doc.get("cues", []):
            try:
                self.cues.append({
                    "cue": str(raw["cue"]),
                    "label": raw.get("label", ""),
                    "up": fade_seconds(raw.get("up", 0), helpers),
                    "down": fade_seconds(raw.get("down", raw.get("up", 0)), helpers),
                    "follow": raw.get("follow", ""),
                })
            except (KeyError, ValueError, SyntaxError, NameError) as exc:
                log.warning("list %s: bad cue %r (%s)", self.name, raw, exc)

    def write_csv(self, out_dir: Path):
        out = out_dir / f"cuelist_{self.number}.csv"
        with out.open("w", newline="") as fh:
            w = csv.DictWriter(fh, fieldnames=["cue", "label", "up", "down", "follow"])
            w.writeheader()
            w.writerows(self.cues)
        log.info("wrote %s (%d cues)", out, len(self.cues))


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("plot", type=Path)
    ap.add_argument("--bpm", type=float, default=120.0)
    ap.add_argument("--out", type=Path, default=Path("console_import"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.plot.exists():
        log.error("plot file %s not found", args.plot)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    helpers = tempo_helpers(args.bpm)
    for doc in parse_plot(args.plot):
        if isinstance(doc, dict):
            CueList(doc, helpers).write_csv(args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
