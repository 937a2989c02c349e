#!/usr/bin/env python3
"""Regenerate an index page for ./reports and serve the folder so colleagues
on the office network can open the HTML reports in their browser.
"""
import argparse
import datetime as dt
import functools
import html
import logging
import socket
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("report-preview")


class QuietHandler(SimpleHTTPRequestHandler):
    """Directory handler that logs through `logging` instead of stderr."""

    def log_message(self, fmt, *args):
        log.info("%s - %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def build_index(root: Path) -> int:
    entries = []
    for item in sorted(root.rglob("*.html")):
        if item.name == "index.html" and item.parent == root:
            continue
        rel = item.relative_to(root).as_posix()
        stamp = dt.datetime.fromtimestamp(item.stat().st_mtime)
        entries.append(f'<li><a href="{html.escape(rel)}">{html.escape(rel)}</a>'
                       f' <small>{stamp:%Y-%m-%d %H:%M}</small></li>')
    page = ("<!doctype html><meta charset='utf-8'><title>Reports</title>"
            "<h1>Reports</h1><ul>" + "\n".join(entries) + "</ul>")
    (root / "index.html").write_text(page, encoding="utf-8")
    return len(entries)


def lan_address() -> str:
    try:
        return socket.gethostbyname(socket.gethostname())
    except OSError:
        return "127.0.0.1"


def serve(root: Path, bind: str, port: int) -> None:
    handler = functools.partial(QuietHandler, directory=str(root))
    with ThreadingHTTPServer((bind, port), handler) as httpd:
        log.info("serving %s on http://%s:%d/", root, lan_address(), port)
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            log.info("stopped")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", type=Path, default=Path("reports"))
    ap.add_argument("--bind", default="0.0.0.0",
                    help="address to listen on (default: all interfaces)")
    ap.add_argument("--port", type=int, default=8765)
    ap.add_argument("--no-index", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.root.is_dir():
        log.error("%s is not a directory", args.root)
        return 1
    if not args.no_index:
        log.info("indexed %d report(s)", build_index(args.root))
    serve(args.root.resolve(), args.bind, args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
