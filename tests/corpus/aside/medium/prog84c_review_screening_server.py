#!/usr/bin/env python3
"""Serve tonight's review proxies to the screening room and director's iPad.

Generates an index.html playlist from the proxies folder (grouped by shoot
day) and serves the folder over HTTP so the screening-room Mac mini and
tablets on the production network can play clips in a browser.

    review_screening_server.py --root proxies/review --port 8080
"""
import argparse
import functools
import html
import logging
import os
import socket
import sys
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("screening")
VIDEO_EXTS = {".mp4", ".mov", ".m4v"}

PAGE = """<!doctype html>
<html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#ddd}}
video{{width:100%;max-width:960px}} h2{{border-bottom:1px solid #444}}</style>
</head><body><h1>{title}</h1><p>Generated {when}</p>{sections}</body></html>
"""


def build_index(root, title):
    groups = {}
    for p in sorted(root.rglob("*")):
        if p.suffix.lower() in VIDEO_EXTS:
            day = p.parent.name if p.parent != root else "misc"
            groups.setdefault(day, []).append(p.relative_to(root))
    sections = []
    for day, clips in groups.items():
        items = "".join(
            f'<h3>{html.escape(c.stem)}</h3><video controls preload="none" src="{html.escape(c.as_posix())}"></video>'
            for c in clips
        )
        sections.append(f"<h2>{html.escape(day)}</h2>{items}")
    page = PAGE.format(title=html.escape(title), when=time.strftime("%Y-%m-%d %H:%M"),
                       sections="".join(sections) or "<p>No clips yet.</p>")
    (root / "index.html").write_text(page, encoding="utf-8")
    return sum(len(v) for v in groups.values())


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map, ".mp4": "video/mp4", ".m4v": "video/mp4"}

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.address_string(), fmt % args)


def lan_address():
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("10.255.255.255", 1))
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--root", default="proxies/review")
    ap.add_argument("--port", type=int, default=int(os.environ.get("SCREENING_PORT", 8080)))
    ap.add_argument("--bind", default=os.environ.get("SCREENING_BIND", "0.0.0.0"))
    ap.add_argument("--title", default="Dailies")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    root = Path(args.root).resolve()
    if not root.is_dir():
        LOG.error("no such folder: %s", root)
        return 2
    n = build_index(root, args.title)
    handler = functools.partial(QuietHandler, directory=str(root))
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), handler)
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    LOG.info("%d clips; open http://%s:%d/ in the screening room", n, lan_address(), args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
