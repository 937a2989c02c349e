#!/usr/bin/env python3
"""Label preview page for the pharmacist's checking tablet.

The dispensing bench renders every label to ./rendered/*.png before it is
printed. This serves that folder with an auto-refreshing index so the
checking pharmacist can compare label and prescription on the tablet at the
checking station without walking to the bench PC.

    ./label_preview_server.py --port 8088 --dir rendered
"""
import argparse
import functools
import html
import logging
import os
import sys
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("label-preview")

INDEX_TEMPLATE = """<!doctype html>
<html><head><meta charset="utf-8"><meta http-equiv="refresh" content="{refresh}">
<title>Label check - {count} waiting</title>
<style>body{{font-family:sans-serif;background:#f4f4f4}} figure{{display:inline-block;margin:8px;
background:#fff;padding:6px;box-shadow:0 1px 3px #999}} img{{width:380px}}</style></head>
<body><h2>Labels awaiting check ({count})</h2>{items}</body></html>
"""


class IndexBuilder(threading.Thread):
    """Regenerates index.html whenever the set of rendered labels changes."""

    def __init__(self, folder, refresh, max_items=40):
        super().__init__(daemon=True)
        self.folder = Path(folder)
        self.refresh = refresh
        self.max_items = max_items
        self._last = None

    def snapshot(self):
        files = sorted(self.folder.glob("*.png"), key=lambda p: p.stat().st_mtime, reverse=True)
        return files[: self.max_items]

    def build(self, files):
        items = "".join(
            f'<figure><img src="{html.escape(p.name)}"><figcaption>{html.escape(p.stem)} '
            f'{time.strftime("%H:%M", time.localtime(p.stat().st_mtime))}</figcaption></figure>'
            for p in files
        )
        page = INDEX_TEMPLATE.format(refresh=self.refresh, count=len(files), items=items or "<p>None</p>")
        tmp = self.folder / ".index.html.tmp"
        tmp.write_text(page, encoding="utf-8")
        os.replace(tmp, self.folder / "index.html")

    def run(self):
        while True:
            try:
                files = self.snapshot()
                key = [(p.name, p.stat().st_mtime) for p in files]
                if key != self._last:
                    self.build(files)
                    self._last = key
            except OSError as exc:
                log.warning("index rebuild failed: %s", exc)
            time.sleep(2)


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)

    def end_headers(self):
        self.send_header("Cache-Control", "no-store")
        super().end_headers()


def main():
    ap = argparse.ArgumentParser(description="Serve rendered label previews to the checking tablet")
    ap.add_argument("--dir", default="rendered")
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", "8088")))
    ap.add_argument("--refresh", type=int, default=5, help="page refresh seconds")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    folder = Path(args.dir)
    folder.mkdir(exist_ok=True)
    IndexBuilder(folder, args.refresh).start()

    handler = functools.partial(QuietHandler, directory=str(folder.resolve()))
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.bind, args.port, exc)
        return 1
    log.info("label previews on http://%s:%d/ (folder %s)", args.bind, args.port, folder)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
