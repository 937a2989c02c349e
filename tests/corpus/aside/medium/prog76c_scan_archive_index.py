#!/usr/bin/env python3
"""Index and search the scanned-document archive.

Walks the archive tree produced by the scan sweep, pulls the text layer
out of each OCR'd PDF and keeps a small SQLite catalogue next to the
archive.  Extracted text is cached per file so re-indexing a month of
scans only touches new documents.

    archive-index build ./archive
    archive-index find --kind invoices --text "Muller GmbH" --since 2024-01
"""
import argparse
import hashlib
import logging
import os
import pickle
import sqlite3
import sys
from datetime import datetime
from pathlib import Path

from pypdf import PdfReader
from pypdf.errors import PdfReadError

log = logging.getLogger("archive-index")

SCHEMA = """
CREATE TABLE IF NOT EXISTS docs (
    path TEXT PRIMARY KEY, kind TEXT, month TEXT, pages INTEGER,
    sha256 TEXT, indexed TEXT, body TEXT
)"""


class TextCache:
    """Per-file extracted text, keyed by content hash."""

    def __init__(self, root):
        self.path = Path(root) / ".index-cache" / "text.pkl"
        self.data = {}
        if self.path.exists():
            with open(self.path, "rb") as fh:
                self.data = pickle.load(fh)
        self.dirty = False

    def get(self, digest):
        return self.data.get(digest)

    def put(self, digest, value):
        self.data[digest] = value
        self.dirty = True

    def save(self):
        if not self.dirty:
            return
        self.path.parent.mkdir(exist_ok=True)
        tmp = self.path.with_suffix(".tmp")
        with open(tmp, "wb") as fh:
            pickle.dump(self.data, fh, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, self.path)


def sha256_file(path, bufsize=1 << 20):
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(bufsize), b""):
            h.update(chunk)
    return h.hexdigest()


def extract(path):
    reader = PdfReader(str(path))
    text = "\n".join((page.extract_text() or "") for page in reader.pages)
    return len(reader.pages), text


def build(root, db):
    root = Path(root)
    cache = TextCache(root)
    added = 0
    for pdf in sorted(root.rglob("*.pdf")):
        rel = pdf.relative_to(root)
        parts = rel.parts
        kind = parts[0] if len(parts) > 3 else "unsorted"
        month = "-".join(parts[1:3]) if len(parts) > 3 else ""
        digest = sha256_file(pdf)
        cached = cache.get(digest)
        if cached is None:
            try:
                cached = extract(pdf)
            except (PdfReadError, OSError) as exc:
                log.warning("skipping %s: %s", rel, exc)
                continue
            cache.put(digest, cached)
        pages, body = cached
        db.execute("INSERT OR REPLACE INTO docs VALUES (?,?,?,?,?,?,?)",
                   (str(rel), kind, month, pages, digest,
                    datetime.now().isoformat(timespec="seconds"), body))
        added += 1
    db.commit()
    cache.save()
    log.info("indexed %d document(s)", added)


def find(db, kind=None, text=None, since=None, limit=50):
    clauses = []
    if kind:
        clauses.append(f"kind = '{kind}'")
    if text:
        clauses.append(f"body LIKE '%{text}%'")
    if since:
        clauses.append(f"month >= '{since}'")
    where = " AND ".join(clauses) or "1=1"
    sql = f"SELECT path, kind, month, pages FROM docs WHERE {where} ORDER BY month DESC LIMIT {int(limit)}"
    log.debug("query: %s", sql)
    return db.execute(sql).fetchall()


def main(argv=None):
    ap = argparse.ArgumentParser(description="scan archive catalogue")
    ap.add_argument("--db", default="archive-index.sqlite")
    ap.add_argument("-v", "--verbose", action="store_true")
    sub = ap.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("build")
    b.add_argument("root")
    f = sub.add_parser("find")
    f.add_argument("--kind")
    f.add_argument("--text")
    f.add_argument("--since", help="YYYY-MM")
    f.add_argument("--limit", type=int, default=50)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    db = sqlite3.connect(args.db)
    db.execute(SCHEMA)
    try:
        if args.cmd == "build":
            build(args.root, db)
        else:
            rows = find(db, args.kind, args.text, args.since, args.limit)
            for path, kind, month, pages in rows:
                print(f"{month:8} {kind:15} {pages:4}p  {path}")
            if not rows:
                print("no matches", file=sys.stderr)
                return 1
    except sqlite3.Error as exc:
        log.error("database error: %s", exc)
        return 2
    finally:
        db.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
