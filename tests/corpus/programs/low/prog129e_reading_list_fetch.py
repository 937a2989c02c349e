#!/usr/bin/env python3
"""Fetch the book club reading list from Open Library.

Takes the season's ISBNs from readinglist.txt, looks each one up on Open
Library, and writes reading_list.csv with title, author, pages and cover
URL. Discussion leaders are rotated through the member roster so the
newsletter can say who is leading which month.
"""

import argparse
import csv
import json
import logging
import time
from itertools import cycle
from pathlib import Path
from urllib.error import HTTPError, URLError
from urllib.request import Request, urlopen

OL_BASE = "https://openlibrary.org"

log = logging.getLogger("reading_list")


def read_isbns(path):
    isbns = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip().replace("-", "")
        if line:
            isbns.append(line)
    return isbns


def fetch_json(url, retries=3):
    req = Request(url, headers={"User-Agent": "bookclub-reading-list/0.9 (club@localhost)"})
    for attempt in range(retries):
        try:
            with urlopen(req, timeout=20) as resp:
                return json.load(resp)
        except HTTPError as exc:
            if exc.code == 404:
                return None
            log.warning("%s: HTTP %s", url, exc.code)
        except URLError as exc:
            log.warning("%s: %s", url, exc.reason)
        time.sleep(1 + attempt)
    return None


def lookup(isbn):
    ed = fetch_json(f"{OL_BASE}/isbn/{isbn}.json")
    if not ed:
        return {"isbn": isbn, "title": "(not found)", "author": "", "pages": "", "cover": ""}
    authors = []
    for a in ed.get("authors", []):
        info = fetch_json(f"{OL_BASE}{a['key']}.json") or {}
        authors.append(info.get("name", ""))
    covers = ed.get("covers") or []
    return {
        "isbn": isbn,
        "title": ed.get("title", ""),
        "author": ", ".join(filter(None, authors)),
        "pages": ed.get("number_of_pages", ""),
        "cover": f"https://covers.openlibrary.org/b/id/{covers[0]}-M.jpg" if covers else "",
    }


def load_roster(path):
    p = Path(path)
    if not p.exists():
        log.info("no roster at %s, leaders left blank", p)
        return []
    with open(p, newline="", encoding="utf-8") as fh:
        return [r for r in csv.DictReader(fh) if r.get("active", "yes").lower() != "no"]


def assign_leaders(books, members):
    if not members:
        return books
    leaders = cycle(sorted(members, key=lambda m: m.get("joined", "")))
    for book in books:
        book["leader"] = next(leaders).get("name", "")
    return books


def write_csv(books, out):
    fields = ["month", "isbn", "title", "author", "pages", "cover", "leader"]
    with open(out, "w", newline="", encoding="utf-8") as fh:
        w = csv.DictWriter(fh, fieldnames=fields, extrasaction="ignore")
        w.writeheader()
        w.writerows(books)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--isbns", default="readinglist.txt")
    ap.add_argument("--roster", default="members.csv")
    ap.add_argument("--start-month", type=int, default=9)
    ap.add_argument("-o", "--output", default="reading_list.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    members = load_roster(args.roster)

    books = []
    for n, isbn in enumerate(read_isbns(args.isbns)):
        book = lookup(isbn)
        book["month"] = (args.start_month - 1 + n) % 12 + 1
        log.info("%02d  %s - %s", book["month"], book["title"], book["author"])
        books.append(book)

    write_csv(assign_leaders(books, members), args.output)
    log.info("wrote %d books to %s", len(books), args.output)


if __name__ == "__main__":
    main()
