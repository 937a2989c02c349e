#!/usr/bin/env python3
"""Serve a quick proofing gallery on the studio network.

Generates an index.html for a folder of proof JPEGs (with the lot number,
title and the specialist's note under each image) and serves the folder so
the auction-house specialists can review on their laptops in the studio.
"""
import argparse
import csv
import functools
import http.server
import logging
import os
import socketserver
from pathlib import Path

from jinja2 import Environment, FileSystemLoader

log = logging.getLogger("proof-gallery")

TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{{ sale }} - proofs</title>
<style>body{font-family:sans-serif} figure{display:inline-block;margin:8px;width:320px}
img{max-width:100%} figcaption{font-size:13px}</style></head>
<body><h1>{{ sale }}</h1>
{% for lot in lots %}
<figure><a href="{{ lot.file }}"><img src="{{ lot.file }}"></a>
<figcaption><b>Lot {{ lot.number }}</b> {{ lot.title }}<br>{{ lot.note }}</figcaption></figure>
{% endfor %}
</body></html>
"""


def read_lots(folder, notes_csv):
    notes = {}
    if notes_csv and Path(notes_csv).exists():
        with open(notes_csv, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                notes[row["file"]] = row
    lots = []
    for img in sorted(Path(folder).glob("*.jpg")):
        meta = notes.get(img.name, {})
        lots.append({
            "file": img.name,
            "number": meta.get("lot", img.stem),
            "title": meta.get("title", ""),
            # notes may contain <b>/<i> from the cataloguers' spreadsheet
            "note": meta.get("note", ""),
        })
    return lots


def render_index(folder, sale, lots):
    tpl_dir = Path(folder) / "_templates"
    tpl_dir.mkdir(exist_ok=True)
    (tpl_dir / "gallery.html").write_text(TEMPLATE)
    env = Environment(loader=FileSystemLoader(str(tpl_dir)), autoescape=False)
    html = env.get_template("gallery.html").render(sale=sale, lots=lots)
    (Path(folder) / "index.html").write_text(html, encoding="utf-8")
    log.info("index.html written with %d lots", len(lots))


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


class GalleryServer(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def serve(folder, port):
    handler = functools.partial(QuietHandler, directory=str(folder))
    # listen on every interface so laptops on the studio Wi-Fi can reach it
    with GalleryServer(("0.0.0.0", port), handler) as httpd:
        log.info("serving %s on port %d", folder, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main():
    parser = argparse.ArgumentParser(description="Proofing gallery")
    parser.add_argument("folder", help="folder of proof JPEGs")
    parser.add_argument("--sale", default="Untitled sale")
    parser.add_argument("--notes", help="CSV with file,lot,title,note columns")
    parser.add_argument("--port", type=int, default=int(os.environ.get("PROOF_PORT", "8000")))
    parser.add_argument("--no-serve", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder).resolve()
    if not folder.is_dir():
        parser.error("%s is not a folder" % folder)
    lots = read_lots(folder, args.notes)
    if not lots:
        log.warning("no JPEGs found in %s", folder)
    render_index(folder, args.sale, lots)
    if not args.no_serve:
        serve(folder, args.port)


if __name__ == "__main__":
    main()
