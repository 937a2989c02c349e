#!/usr/bin/env python3
"""Warm-start cache for translation memory lookups.

Parsing a 2 GB TMX on every pre-translation run is slow, so the first run
stores the parsed segment index as a cache file inside the project folder,
and later runs (on any workstation that opens the shared project) load it.
"""
import argparse
import hashlib
import logging
import os
import pickle
import sys
import time
import xml.etree.ElementTree as ET
from collections import defaultdict
from pathlib import Path

LOG = logging.getLogger("tm-cache")

CACHE_LAYOUT = {
    "folder": ".tmcache",
    "suffix": ".idx",
    "version": 3,
}


class SegmentIndex:
    def __init__(self, src_lang, tgt_lang):
        self.src_lang = src_lang
        self.tgt_lang = tgt_lang
        self.by_first_word = defaultdict(list)
        self.count = 0

    def add(self, src, tgt):
        key = src.split(" ", 1)[0].lower() if src else ""
        self.by_first_word[key].append((src, tgt))
        self.count += 1

    def lookup(self, text, limit=5):
        key = text.split(" ", 1)[0].lower()
        return self.by_first_word.get(key, [])[:limit]


def parse_tmx(path, src_lang, tgt_lang):
    idx = SegmentIndex(src_lang, tgt_lang)
    for _, tu in ET.iterparse(path, events=("end",)):
        if tu.tag != "tu":
            continue
        segs = {}
        for tuv in tu.findall("tuv"):
            lang = tuv.get("{http://www.w3.org/XML/1998/namespace}lang", "").lower()
            seg = tuv.find("seg")
            if seg is not None:
                segs[lang[:2]] = "".join(seg.itertext())
        if src_lang in segs and tgt_lang in segs:
            idx.add(segs[src_lang], segs[tgt_lang])
        tu.clear()
    return idx


def cache_path(project, tmx):
    st = os.stat(tmx)
    tag = hashlib.md5(f"{tmx}:{st.st_size}:{st.st_mtime}".encode()).hexdigest()
    folder = Path(project) / CACHE_LAYOUT["folder"]
    return folder / (tag + CACHE_LAYOUT["suffix"])


def load_cached(path):
    with open(path, "rb") as fh:
        header = fh.read(2)
        if header != b"v" + bytes([48 + CACHE_LAYOUT["version"]]):
            LOG.info("cache %s has an old layout, ignoring", path.name)
            return None
        return pickle.Unpickler(fh).load()


def store_cached(path, idx):
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        fh.write(b"v" + bytes([48 + CACHE_LAYOUT["version"]]))
        pickle.Pickler(fh, protocol=pickle.HIGHEST_PROTOCOL).dump(idx)


def get_index(project, tmx, src, tgt, rebuild=False):
    cpath = cache_path(project, tmx)
    if cpath.exists() and not rebuild:
        try:
            idx = load_cached(cpath)
            if idx is not None:
                LOG.info("loaded %d segments from cache", idx.count)
                return idx
        except (EOFError, pickle.UnpicklingError, AttributeError) as exc:
            LOG.warning("cache unreadable (%s), rebuilding", exc)
    t0 = time.monotonic()
    idx = parse_tmx(tmx, src, tgt)
    LOG.info("parsed %d segments in %.1fs", idx.count, time.monotonic() - t0)
    store_cached(cpath, idx)
    return idx


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("project", help="shared project folder")
    ap.add_argument("tmx")
    ap.add_argument("--src", default="en")
    ap.add_argument("--tgt", default="de")
    ap.add_argument("--rebuild", action="store_true")
    ap.add_argument("--query", action="append", default=[])
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not os.path.isfile(args.tmx):
        LOG.error("TMX not found: %s", args.tmx)
        return 1
    idx = get_index(args.project, args.tmx, args.src, args.tgt, args.rebuild)
    for q in args.query:
        for src, tgt in idx.lookup(q):
            print(f"{src}\t{tgt}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
