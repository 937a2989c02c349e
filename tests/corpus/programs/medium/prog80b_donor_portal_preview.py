#!/usr/bin/env python3
"""Build the static donor portal pages and serve a preview.

Pages are Markdown files in content/ with a small header block
(title, campaign, goal).  They are wrapped in the site layout, the campaign
thermometers are filled from goals.csv, and the result goes to dist/.
The preview lets the communications team check the pages from their own
laptops before the site is published.

    donor_portal_preview.py build
    donor_portal_preview.py serve [--port 8000]
"""
import argparse
import csv
import functools
import html
import logging
import shutil
import sys
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import markdown

log = logging.getLogger("portal")

CONTENT = Path("content")
STATIC = Path("static")
DIST = Path("dist")
LAYOUT = Path("layout.html")


def read_page(path):
    meta, body = {}, path.read_text(encoding="utf-8")
    if body.startswith("---\n"):
        head, _, body = body[4:].partition("\n---\n")
        for line in head.splitlines():
            key, _, value = line.partition(":")
            meta[key.strip()] = value.strip()
    return meta, body


def load_goals():
    goals = {}
    path = Path("goals.csv")
    if path.exists():
        with path.open(newline="") as fh:
            for row in csv.DictReader(fh):
                goals[row["campaign"]] = (float(row["raised"]), float(row["goal"]))
    return goals


def thermometer(raised, goal):
    pct = min(100, round(100 * raised / goal)) if goal else 0
    return (f'<div class="thermo"><div class="fill" style="width:{pct}%"></div>'
            f'<span>${raised:,.0f} of ${goal:,.0f}</span></div>')


def build():
    if DIST.exists():
        shutil.rmtree(DIST)
    DIST.mkdir()
    if STATIC.exists():
        shutil.copytree(STATIC, DIST / "static")
    layout = LAYOUT.read_text(encoding="utf-8")
    goals = load_goals()
    md = markdown.Markdown(extensions=["tables", "smarty"])
    count = 0
    for src in sorted(CONTENT.glob("*.md")):
        meta, body = read_page(src)
        content = md.reset().convert(body)
        campaign = meta.get("campaign")
        if campaign in goals:
            content = thermometer(*goals[campaign]) + content
        page = (layout.replace("{{title}}", html.escape(meta.get("title", src.stem)))
                      .replace("{{content}}", content))
        (DIST / f"{src.stem}.html").write_text(page, encoding="utf-8")
        count += 1
    log.info("built %d page(s) into %s", count, DIST)
    return count


class PreviewHandler(SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def serve(port):
    if not DIST.exists():
        build()
    handler = functools.partial(PreviewHandler, directory=str(DIST))
    with ThreadingHTTPServer(("", port), handler) as httpd:
        log.info("preview on port %d (share http://<this-laptop>:%d/ with the team)", port, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("preview stopped")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("build")
    sp = sub.add_parser("serve")
    sp.add_argument("--port", type=int, default=8000)
    sp.add_argument("--rebuild", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not CONTENT.is_dir() or not LAYOUT.exists():
        log.error("run this from the portal checkout (needs content/ and layout.html)")
        return 2
    if args.cmd == "build":
        build()
    else:
        if args.rebuild:
            build()
        serve(args.port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
