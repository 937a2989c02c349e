#!/usr/bin/env python3
"""Preview server for harvested open-data CSV files.

Serves an index of the CSV files under the data directory and an HTML preview
(first N rows) of each, so records staff can eyeball a harvest before it is
published. Started by the analyst on their workstation; other people in the
office open it from their browsers.
"""
import argparse
import csv
import html
import logging
import os
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

log = logging.getLogger("preview_server")

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>{title}</title>
<style>body{{font-family:sans-serif}}td,th{{border:1px solid #ccc;padding:2px 6px;font-size:12px}}</style>
</head><body><h1>{title}</h1>{body}</body></html>"""


class PreviewHandler(BaseHTTPRequestHandler):
    data_dir = Path("data")
    max_rows = 200
    server_version = "DatasetPreview/1.2"

    def _send(self, status, body, ctype="text/html; charset=utf-8"):
        raw = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def _resolve(self, rel):
        target = (self.data_dir / rel).resolve()
        if self.data_dir.resolve() not in target.parents or target.suffix.lower() != ".csv":
            return None
        return target if target.is_file() else None

    def _index(self):
        items = []
        for p in sorted(self.data_dir.rglob("*.csv")):
            rel = p.relative_to(self.data_dir).as_posix()
            size_kb = p.stat().st_size // 1024
            items.append(f'<li><a href="/view/{html.escape(rel)}">{html.escape(rel)}</a> ({size_kb} KB)</li>')
        return PAGE.format(title="Harvested datasets", body="<ul>" + "".join(items) + "</ul>")

    def _preview(self, path, limit):
        rows = []
        with open(path, newline="", encoding="utf-8", errors="replace") as fh:
            for i, row in enumerate(csv.reader(fh)):
                if i > limit:
                    break
                tag = "th" if i == 0 else "td"
                rows.append("<tr>" + "".join(f"<{tag}>{html.escape(c)}</{tag}>" for c in row) + "</tr>")
        return PAGE.format(title=html.escape(path.name), body="<table>" + "".join(rows) + "</table>")

    def do_GET(self):
        url = urlparse(self.path)
        if url.path in ("/", "/index.html"):
            return self._send(HTTPStatus.OK, self._index())
        if url.path.startswith("/view/"):
            target = self._resolve(unquote(url.path[len("/view/"):]))
            if target is None:
                return self._send(HTTPStatus.NOT_FOUND, PAGE.format(title="Not found", body=""))
            try:
                limit = min(int(parse_qs(url.query).get("rows", [50])[0]), self.max_rows)
            except ValueError:
                limit = 50
            return self._send(HTTPStatus.OK, self._preview(target, limit))
        return self._send(HTTPStatus.NOT_FOUND, PAGE.format(title="Not found", body=""))

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bind", default=os.environ.get("PREVIEW_BIND", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("PREVIEW_PORT", 8080)))
    ap.add_argument("--data-dir", default="data")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    PreviewHandler.data_dir = Path(args.data_dir).resolve()
    if not PreviewHandler.data_dir.is_dir():
        log.error("data dir %s does not exist", PreviewHandler.data_dir)
        return 2

    httpd = ThreadingHTTPServer((args.bind, args.port), PreviewHandler)
    log.info("serving %s on http://%s:%d/", PreviewHandler.data_dir, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
