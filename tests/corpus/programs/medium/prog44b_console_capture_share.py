#!/usr/bin/env python3
"""Publish captured serial-console logs so the whole lab can browse them.

The capture daemon writes one directory per test run under ./captures. This
helper rebuilds an index.html listing the newest runs first and then serves
the captures directory over HTTP on all interfaces, so engineers on the lab
VLAN can open the logs from their desks.
"""
import argparse
import functools
import html
import logging
import os
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("capture-share")


def human_size(n: int) -> str:
    for unit in ("B", "KiB", "MiB", "GiB"):
        if n < 1024:
            return f"{n:.0f} {unit}"
        n /= 1024
    return f"{n:.1f} TiB"


def build_index(root: Path, limit: int) -> None:
    runs = sorted((p for p in root.iterdir() if p.is_dir()),
                  key=lambda p: p.stat().st_mtime, reverse=True)[:limit]
    rows = []
    for run in runs:
        logs = sorted(run.glob("*.log"))
        size = sum(f.stat().st_size for f in logs)
        when = time.strftime("%Y-%m-%d %H:%M", time.localtime(run.stat().st_mtime))
        links = " ".join(
            f'<a href="{html.escape(run.name)}/{html.escape(f.name)}">{html.escape(f.stem)}</a>'
            for f in logs)
        rows.append(f"<tr><td>{when}</td><td>{html.escape(run.name)}</td>"
                    f"<td>{human_size(size)}</td><td>{links}</td></tr>")
    page = ("<html><head><title>console captures</title></head><body>"
            "<h1>Serial console captures</h1><table border=1>"
            "<tr><th>time</th><th>run</th><th>size</th><th>logs</th></tr>"
            + "\n".join(rows) + "</table></body></html>")
    (root / "index.html").write_text(page)
    log.info("index rebuilt with %d runs", len(rows))


class QuietHandler(SimpleHTTPRequestHandler):
    extensions_map = {**SimpleHTTPRequestHandler.extensions_map,
                      ".log": "text/plain; charset=utf-8"}

    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.client_address[0], fmt % args)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--root", default="captures")
    ap.add_argument("--port", type=int, default=int(os.environ.get("CAPTURE_PORT", 8088)))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    root = Path(args.root).resolve()
    if not root.is_dir():
        log.error("capture directory %s does not exist", root)
        return 1
    build_index(root, args.limit)

    handler = functools.partial(QuietHandler, directory=str(root))
    server = ThreadingHTTPServer((args.bind, args.port), handler)
    log.info("serving %s on http://%s:%d/", root, args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
