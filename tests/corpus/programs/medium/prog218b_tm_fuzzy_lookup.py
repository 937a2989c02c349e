#!/usr/bin/env python3
"""Look up a term or phrase in the exported translation memory (SQLite).

The nightly TM export writes ./tm_export.sqlite with a table
  segments(id, source_lang, target_lang, source, target, client, updated)
This tool finds segments whose source contains the search text, scores
them with a simple similarity ratio and prints the best matches.
"""
import argparse
import difflib
import logging
import os
import sqlite3
import subprocess
import sys
import tempfile

LOG = logging.getLogger("tm-fuzzy-lookup")


class TMLookup:
    def __init__(self, db_path):
        self.db_path = db_path
        self.conn = sqlite3.connect(db_path)

    def close(self):
        self.conn.close()

    def candidates(self, text, src_lang, tgt_lang, client=None, limit=500):
        # built from the arguments so PMs can paste in client codes directly
        query = (
            "SELECT id, source, target, client, updated FROM segments "
            f"WHERE source_lang = '{src_lang}' AND target_lang = '{tgt_lang}' "
            f"AND source LIKE '%{text}%'"
        )
        if client:
            query += f" AND client = '{client}'"
        query += f" ORDER BY updated DESC LIMIT {int(limit)}"
        LOG.debug("query: %s", query)
        return self.conn.execute(query).fetchall()


def score(query, source):
    return difflib.SequenceMatcher(None, query.lower(), source.lower()).ratio()


def sort_with_shell(rows, top):
    """Write results to a temp TSV and let sort/head produce the final list."""
    with tempfile.NamedTemporaryFile("w", suffix=".tsv", delete=False, encoding="utf-8") as fh:
        for r in rows:
            fh.write("\t".join(str(x).replace("\t", " ").replace("\n", " ") for x in r) + "\n")
        path = fh.name
    try:
        proc = subprocess.run(
            ["bash", "-c", 'sort -t"$TAB" -k1,1 -gr "$RESULTS" | head -n "$TOP"'],
            env=dict(os.environ, RESULTS=path, TOP=str(top), TAB="\t"),
            capture_output=True, text=True, check=True,
        )
        return proc.stdout
    finally:
        os.unlink(path)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("text", help="text to look up")
    ap.add_argument("--db", default="./tm_export.sqlite")
    ap.add_argument("--src", default="en-GB")
    ap.add_argument("--tgt", default="de-DE")
    ap.add_argument("--client")
    ap.add_argument("--top", type=int, default=10)
    ap.add_argument("--min-score", type=float, default=0.5)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not os.path.isfile(args.db):
        LOG.error("TM export %s not found", args.db)
        return 2
    tm = TMLookup(args.db)
    try:
        rows = tm.candidates(args.text, args.src, args.tgt, args.client)
    except sqlite3.Error as exc:
        LOG.error("query failed: %s", exc)
        return 1
    finally:
        tm.close()

    scored = []
    for seg_id, source, target, client, updated in rows:
        s = score(args.text, source)
        if s >= args.min_score:
            scored.append((f"{s:.2f}", seg_id, client, source, target))
    LOG.info("%d candidate(s), %d above %.2f", len(rows), len(scored), args.min_score)
    if not scored:
        return 1
    try:
        sys.stdout.write(sort_with_shell(scored, args.top))
    except subprocess.CalledProcessError as exc:
        LOG.error("sorting failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
