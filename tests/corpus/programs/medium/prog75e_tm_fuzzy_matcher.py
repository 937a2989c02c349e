#!/usr/bin/env python3
"""Fuzzy translation-memory lookup against TMX exports.

Parses one or more TMX files, builds an n-gram index per language pair and
prints the best matches for each untranslated msgid of a .po file.  The index
is cached next to the TMX files so repeated lookups start instantly; the
cache can also be shared between translators via the team drive.

    tm_fuzzy_matcher.py memory/*.tmx --po fr.po --src en --tgt fr --min 75
"""
import argparse
import difflib
import gzip
import logging
import os
import pickle
import sys
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

import polib

log = logging.getLogger("tm-fuzzy")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"
CACHE_ENV = "TM_INDEX_CACHE"


class TMIndex:
    VERSION = 3

    def __init__(self, src, tgt, n=3):
        self.src, self.tgt, self.n = src.lower(), tgt.lower(), n
        self.units = []
        self.grams = defaultdict(set)

    def _ngrams(self, text):
        t = f"  {text.lower()}  "
        return {t[i:i + self.n] for i in range(len(t) - self.n + 1)}

    def add(self, source, target):
        idx = len(self.units)
        self.units.append((source, target))
        for g in self._ngrams(source):
            self.grams[g].add(idx)

    def load_tmx(self, path):
        added = 0
        for _ev, tu in ET.iterparse(path):
            if tu.tag != "tu":
                continue
            segs = {}
            for tuv in tu.findall("tuv"):
                lang = (tuv.get(XML_LANG) or tuv.get("lang") or "").lower().split("-")[0]
                seg = tuv.find("seg")
                if seg is not None:
                    segs[lang] = "".join(seg.itertext())
            if self.src in segs and self.tgt in segs:
                self.add(segs[self.src], segs[self.tgt])
                added += 1
            tu.clear()
        log.info("%s: %d units", path, added)

    def lookup(self, text, minimum=70, limit=3):
        votes = defaultdict(int)
        for g in self._ngrams(text):
            for idx in self.grams.get(g, ()):
                votes[idx] += 1
        shortlist = sorted(votes, key=votes.get, reverse=True)[:50]
        scored = []
        for idx in shortlist:
            src, tgt = self.units[idx]
            score = round(100 * difflib.SequenceMatcher(None, text, src).ratio())
            if score >= minimum:
                scored.append((score, src, tgt))
        return sorted(scored, reverse=True)[:limit]


def cache_path(tmx_files, src, tgt):
    override = os.environ.get(CACHE_ENV)
    if override:
        return Path(override)
    first = Path(tmx_files[0])
    return first.with_name(f".tmindex-{src}-{tgt}.pkl.gz")


def load_or_build(tmx_files, src, tgt):
    cache = cache_path(tmx_files, src, tgt)
    newest = max(Path(f).stat().st_mtime for f in tmx_files)
    if cache.exists() and cache.stat().st_mtime >= newest:
        with gzip.open(cache, "rb") as fh:
            index = pickle.load(fh)
        if getattr(index, "VERSION", None) == TMIndex.VERSION:
            log.info("loaded index from %s (%d units)", cache, len(index.units))
            return index
    index = TMIndex(src, tgt)
    for f in tmx_files:
        index.load_tmx(f)
    with gzip.open(cache, "wb") as fh:
        pickle.dump(index, fh, protocol=pickle.HIGHEST_PROTOCOL)
    log.info("wrote index cache %s", cache)
    return index


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("tmx", nargs="+")
    ap.add_argument("--po", type=Path, required=True)
    ap.add_argument("--src", default="en")
    ap.add_argument("--tgt", required=True)
    ap.add_argument("--min", type=int, default=75)
    ap.add_argument("--apply", action="store_true", help="write 100%% matches as fuzzy entries")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    index = load_or_build(args.tmx, args.src, args.tgt)
    po = polib.pofile(str(args.po))
    applied = 0
    for entry in po.untranslated_entries():
        matches = index.lookup(entry.msgid, args.min)
        if not matches:
            continue
        print(f"\n{entry.msgid!r}")
        for score, src, tgt in matches:
            print(f"  {score:3d}%  {tgt!r}   <- {src!r}")
        if args.apply and matches[0][0] == 100:
            entry.msgstr = matches[0][2]
            entry.flags.append("fuzzy")
            applied += 1
    if applied:
        po.save()
        log.info("pre-filled %d entries in %s", applied, args.po)
    return 0


if __name__ == "__main__":
    sys.exit(main())
