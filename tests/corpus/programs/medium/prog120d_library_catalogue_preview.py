#!/usr/bin/env python3
"""Preview server for the band's music library catalogue.

Loads catalogue.csv (title, composer, arranger, category, shelf, parts) and
serves a small search API plus the scanned conductor scores from ./scans so
players can look things up from their phones in the band room.

    GET /api/search?q=holst        -> JSON list of matching pieces
    GET /api/piece/<shelf>         -> one entry
    GET /scans/<file>.pdf          -> scanned score
"""

import argparse
import csv
import functools
import json
import logging
import sys
from http import HTTPStatus
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

log = logging.getLogger("catalogue")


class Catalogue:
    FIELDS = ("title", "composer", "arranger", "category", "shelf", "parts")

    def __init__(self, path):
        self.path = Path(path)
        self.entries = []
        self.reload()

    def reload(self):
        with self.path.open(newline="", encoding="utf-8") as fh:
            self.entries = [{k: (row.get(k) or "").strip() for k in self.FIELDS}
                            for row in csv.DictReader(fh)]
        log.info("loaded %d catalogue entries", len(self.entries))

    def search(self, query, limit=50):
        terms = [t for t in query.lower().split() if t]
        hits = []
        for e in self.entries:
            hay = " ".join(e.values()).lower()
            if all(t in hay for t in terms):
                hits.append(e)
                if len(hits) >= limit:
                    break
        return hits

    def by_shelf(self, shelf):
        return next((e for e in self.entries if e["shelf"].lower() == shelf.lower()), None)


class CatalogueHandler(SimpleHTTPRequestHandler):
    catalogue = None

    def _json(self, obj, status=HTTPStatus.OK):
        body = json.dumps(obj, ensure_ascii=False).encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        url = urlsplit(self.path)
        if url.path == "/api/search":
            q = parse_qs(url.query).get("q", [""])[0]
            return self._json(self.catalogue.search(q))
        if url.path.startswith("/api/piece/"):
            entry = self.catalogue.by_shelf(unquote(url.path.rsplit("/", 1)[-1]))
            if entry is None:
                return self._json({"error": "not found"}, HTTPStatus.NOT_FOUND)
            return self._json(entry)
        if url.path.startswith("/scans/"):
            self.path = self.path[len("/scans"):]
            return super().do_GET()
        self.send_error(HTTPStatus.NOT_FOUND)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def build_server(args):
    CatalogueHandler.catalogue = Catalogue(args.catalogue)
    handler = functools.partial(CatalogueHandler, directory=str(Path(args.scans).resolve()))
    return ThreadingHTTPServer((args.bind, args.port), handler)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Music library catalogue preview")
    ap.add_argument("--catalogue", default="catalogue.csv")
    ap.add_argument("--scans", default="scans")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8080)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        server = build_server(args)
    except (OSError, KeyError) as exc:
        log.error("cannot start: %s", exc)
        return 1
    log.info("catalogue on http://%s:%d/api/search?q=", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
