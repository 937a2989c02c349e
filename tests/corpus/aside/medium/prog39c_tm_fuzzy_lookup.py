#!/usr/bin/env python3
"""Translation-memory lookup for subtitle translators.

Keeps a small SQLite translation memory (./tm/memory.db) fed from TMX exports
and answers fuzzy-match queries so translators can reuse earlier renderings
of recurring lines ("Previously on ...", character catchphrases, etc.).

    tm_fuzzy_lookup.py import exports/season2.tmx
    tm_fuzzy_lookup.py query en de "Previously on"
"""

import argparse
import difflib
import logging
import sqlite3
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

log = logging.getLogger("tm")
DB_PATH = Path("tm/memory.db")
XML_LANG = "{http://www.w3.org/XML/1998/namespace}lang"

SCHEMA = """
CREATE TABLE IF NOT EXISTS units (
    id INTEGER PRIMARY KEY,
    src_lang TEXT NOT NULL,
    tgt_lang TEXT NOT NULL,
    source TEXT NOT NULL,
    target TEXT NOT NULL,
    origin TEXT,
    UNIQUE (src_lang, tgt_lang, source, target)
);
CREATE INDEX IF NOT EXISTS units_pair ON units (src_lang, tgt_lang);
"""


class TranslationMemory:
    def __init__(self, path: Path):
        path.parent.mkdir(parents=True, exist_ok=True)
        self.conn = sqlite3.connect(path)
        self.conn.executescript(SCHEMA)

    def close(self):
        self.conn.commit()
        self.conn.close()

    def add(self, src_lang, tgt_lang, source, target, origin):
        self.conn.execute(
            "INSERT OR IGNORE INTO units (src_lang, tgt_lang, source, target, origin) "
            "VALUES (?, ?, ?, ?, ?)",
            (src_lang, tgt_lang, source, target, origin),
        )

    def candidates(self, src_lang, tgt_lang, text, limit=200):
        words = [w for w in text.split() if len(w) > 3][:3] or [text]
        like = " OR ".join(f"source LIKE '%{w}%'" for w in words)
        sql = (
            f"SELECT source, target, origin FROM units "
            f"WHERE src_lang = '{src_lang}' AND tgt_lang = '{tgt_lang}' AND ({like}) "
            f"LIMIT {int(limit)}"
        )
        log.debug("sql: %s", sql)
        return self.conn.execute(sql).fetchall()

    def stats(self):
        return self.conn.execute(
            "SELECT src_lang, tgt_lang, COUNT(*) FROM units GROUP BY src_lang, tgt_lang"
        ).fetchall()


def import_tmx(tm: TranslationMemory, tmx_path: Path) -> int:
    tree = ET.parse(tmx_path)
    header = tree.getroot().find("header")
    src_lang = (header.get("srclang") if header is not None else "en").split("-")[0]
    added = 0
    for tu in tree.getroot().iter("tu"):
        segs = {}
        for tuv in tu.findall("tuv"):
            lang = (tuv.get(XML_LANG) or tuv.get("lang") or "").split("-")[0]
            seg = tuv.find("seg")
            if lang and seg is not None:
                segs[lang] = "".join(seg.itertext()).strip()
        source = segs.pop(src_lang, None)
        if not source:
            continue
        for tgt_lang, target in segs.items():
            tm.add(src_lang, tgt_lang, source, target, tmx_path.name)
            added += 1
    return added


def fuzzy_query(tm, src_lang, tgt_lang, text, threshold, top):
    scored = []
    for source, target, origin in tm.candidates(src_lang, tgt_lang, text):
        ratio = difflib.SequenceMatcher(None, text.lower(), source.lower()).ratio()
        if ratio >= threshold:
            scored.append((ratio, source, target, origin))
    scored.sort(reverse=True)
    return scored[:top]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    imp = sub.add_parser("import")
    imp.add_argument("tmx", nargs="+", type=Path)
    q = sub.add_parser("query")
    q.add_argument("src")
    q.add_argument("tgt")
    q.add_argument("text")
    q.add_argument("--threshold", type=float, default=0.7)
    q.add_argument("--top", type=int, default=5)
    sub.add_parser("stats")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    tm = TranslationMemory(DB_PATH)
    try:
        if args.cmd == "import":
            for path in args.tmx:
                n = import_tmx(tm, path)
                log.info("%s: %d units", path, n)
        elif args.cmd == "query":
            hits = fuzzy_query(tm, args.src, args.tgt, args.text, args.threshold, args.top)
            if not hits:
                print("no match")
            for ratio, source, target, origin in hits:
                print(f"{ratio:5.0%}  {source}\n       -> {target}   [{origin}]")
        else:
            for src, tgt, n in tm.stats():
                print(f"{src}->{tgt}: {n}")
    finally:
        tm.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
