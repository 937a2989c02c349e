#!/usr/bin/env python3
"""Look up bibliographic details for ISBNs via Open Library.

Responses are cached in ./.isbn_cache so repeated runs over the same
intake list do not hit the service again.
"""
import argparse
import hashlib
import importlib
import json
import logging
import shutil
import sys
import time
from dataclasses import dataclass, asdict
from pathlib import Path

log = logging.getLogger("isbn")

API = "https://openlibrary.org/isbn/{}.json"
CACHE = Path(".isbn_cache")
_http = importlib.import_module("urllib.request")


@dataclass
class Record:
    isbn: str
    title: str = ""
    publishers: str = ""
    publish_date: str = ""
    pages: int = 0


def normalise(raw: str) -> str:
    digits = "".join(ch for ch in raw.upper() if ch.isdigit() or ch == "X")
    return digits if len(digits) in (10, 13) else ""


def cache_path(isbn: str) -> Path:
    return CACHE / (hashlib.md5(isbn.encode()).hexdigest() + ".json")


def fetch(isbn: str, timeout: float) -> dict:
    path = cache_path(isbn)
    if path.exists():
        return json.loads(path.read_text())
    req = _http.Request(API.format(isbn), headers={"Accept": "application/json"})
    with getattr(_http, "urlopen")(req, timeout=timeout) as resp:
        data = json.loads(resp.read().decode("utf-8"))
    CACHE.mkdir(exist_ok=True)
    path.write_text(json.dumps(data))
    return data


def to_record(isbn: str, data: dict) -> Record:
    return Record(isbn=isbn, title=data.get("title", ""),
                  publishers="; ".join(data.get("publishers", [])),
                  publish_date=data.get("publish_date", ""),
                  pages=int(data.get("number_of_pages") or 0))


def lookup_all(isbns, timeout, pause):
    for raw in isbns:
        isbn = normalise(raw)
        if not isbn:
            log.warning("skipping malformed ISBN %r", raw)
            continue
        try:
            yield to_record(isbn, fetch(isbn, timeout))
        except Exception as exc:
            log.warning("%s: %s", isbn, exc)
            yield Record(isbn=isbn)
        time.sleep(pause)


OUTPUTS = {
    "json": lambda recs: print(json.dumps([asdict(r) for r in recs], indent=2)),
    "tsv": lambda recs: [print("\t".join(str(v) for v in asdict(r).values())) for r in recs],
}


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("isbns", nargs="*", help="ISBNs, or read from stdin")
    ap.add_argument("--format", choices=sorted(OUTPUTS), default="tsv")
    ap.add_argument("--timeout", type=float, default=10.0)
    ap.add_argument("--pause", type=float, default=0.5)
    ap.add_argument("--clear-cache", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.clear_cache and CACHE.is_dir():
        shutil.rmtree(CACHE)
        log.info("cache cleared")
    items = args.isbns or [line.strip() for line in sys.stdin if line.strip()]
    OUTPUTS[args.format](list(lookup_all(items, args.timeout, args.pause)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
