#!/usr/bin/env python3
"""Serve the seating chart and printable place cards to the venue staff tablets.

Staff tablets on the venue Wi-Fi open http://<laptop-ip>/ and look guests up
by name; /cards/<table> renders a print-ready sheet of place cards for that
table. Port 80 is used because the tablets' kiosk browser won't take a port
in the URL. Started with sudo, the server gives up root once the socket is
bound and keeps running as the planner's account.
"""
import argparse
import ctypes
import ctypes.util
import html
import json
import logging
import os
import pwd
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlparse

log = logging.getLogger("placecards")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


class SeatingData:
    def __init__(self, path):
        self.path = Path(path)
        self._lock = threading.Lock()
        self._mtime = 0.0
        self.tables = {}

    def get(self):
        with self._lock:
            m = self.path.stat().st_mtime
            if m != self._mtime:
                self.tables = {str(k): v for k, v in json.loads(self.path.read_text()).items()}
                self._mtime = m
                log.info("reloaded %s (%d tables)", self.path, len(self.tables))
            return self.tables

    def find(self, query):
        q = query.casefold()
        return [(t, n) for t, names in self.get().items() for n in names if q in n.casefold()]


PAGE = """<!doctype html><meta name=viewport content="width=device-width">
<title>{title}</title><style>body{{font:18px sans-serif;margin:2em}}
.card{{display:inline-block;width:3.5in;height:2in;border:1px dashed #999;margin:4px;
text-align:center;padding-top:.7in;font:28px Georgia,serif}}@media print{{form{{display:none}}}}</style>
<form action="/"><input name=q placeholder="Guest name" autofocus> <button>Find</button></form>
{body}"""


class Handler(BaseHTTPRequestHandler):
    data: SeatingData = None

    def _send(self, status, body, ctype="text/html; charset=utf-8"):
        raw = body.encode()
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def do_GET(self):
        url = urlparse(self.path)
        try:
            if url.path.startswith("/cards/"):
                table = unquote(url.path.split("/", 2)[2])
                names = self.data.get().get(table, [])
                cards = "".join(f'<div class=card>{html.escape(n)}</div>' for n in names)
                return self._send(200, PAGE.format(title=f"Table {html.escape(table)}", body=cards))
            q = parse_qs(url.query).get("q", [""])[0].strip()
            rows = ""
            if q:
                hits = self.data.find(q)
                rows = "".join(f'<p>{html.escape(n)} &rarr; <a href="/cards/{t}">Table {t}</a></p>'
                               for t, n in hits) or "<p>No match.</p>"
            self._send(200, PAGE.format(title="Seating", body=rows))
        except (OSError, ValueError) as exc:
            log.exception("request failed")
            self._send(500, f"<p>Seating data unavailable: {html.escape(str(exc))}</p>")

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def become(user):
    """Switch the process to `user` once the listening socket exists."""
    pw = pwd.getpwnam(user)
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    for fn, args in (("setgroups", (1, groups)),
                     ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
                     ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid))):
        if getattr(_libc, fn)(*args) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{fn}: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s (uid %d)", user, pw.pw_uid)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chart", default="seating_chart.json")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or "nobody")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    Handler.data = SeatingData(Path(args.chart).resolve())
    try:
        Handler.data.get()
    except (OSError, ValueError) as exc:
        log.error("cannot load %s: %s", args.chart, exc)
        return 2
    try:
        srv = ThreadingHTTPServer((args.host, args.port), Handler)
    except PermissionError:
        log.error("port %d needs root; run with sudo or pick --port 8080", args.port)
        return 1
    if os.geteuid() == 0:
        become(args.user)
    log.info("place cards on http://%s:%d/", args.host, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
