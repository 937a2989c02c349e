#!/usr/bin/env python3
"""Callout status board for the rescue post.

Shows who has responded to the current callout (attending / ETA / not
available) on the big screen in the garage and on members' phones on the
post Wi-Fi.  Responses are read from the JSON file the paging bot keeps
updated (responses.json); the page refreshes itself every 20 seconds.

Listens on port 80 so members can just type the post's name in a browser,
then carries on as the unprivileged board account.
"""

import argparse
import ctypes
import ctypes.util
import grp
import html
import json
import logging
import os
import pwd
import sys
from datetime import datetime
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("callout-board")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="20"><title>Callout {incident}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}td,th{{padding:.4em 1em}}
.att{{color:#6f6}}.na{{color:#f66}}.eta{{color:#fc6}}</style></head><body>
<h1>{incident} &mdash; {location}</h1><p>Paged {paged} &middot; updated {updated}</p>
<table><tr><th>Member</th><th>Status</th><th>ETA</th><th>Skills</th></tr>{rows}</table>
<p>{n_att} attending, {n_eta} on the way, {n_na} unavailable</p></body></html>"""

CLASS = {"attending": "att", "eta": "eta", "unavailable": "na"}


class BoardState:
    def __init__(self, path: Path):
        self.path = path
        self._mtime = None
        self._data = {}

    def current(self) -> dict:
        try:
            mtime = self.path.stat().st_mtime
        except FileNotFoundError:
            return {}
        if mtime != self._mtime:
            try:
                self._data = json.loads(self.path.read_text(encoding="utf-8"))
                self._mtime = mtime
            except ValueError as exc:
                LOG.warning("responses file unreadable, keeping last copy: %s", exc)
        return self._data


def render(data: dict) -> str:
    rows, counts = [], {"attending": 0, "eta": 0, "unavailable": 0}
    members = sorted(data.get("responses", []), key=lambda r: (r.get("status") != "attending", r.get("eta_min", 999)))
    for r in members:
        st = r.get("status", "unknown")
        counts[st] = counts.get(st, 0) + 1
        rows.append("<tr class='{c}'><td>{n}</td><td>{s}</td><td>{e}</td><td>{k}</td></tr>".format(
            c=CLASS.get(st, ""), n=html.escape(r.get("name", "?")), s=html.escape(st),
            e=f"{r['eta_min']} min" if r.get("eta_min") is not None else "",
            k=html.escape(", ".join(r.get("skills", [])))))
    return PAGE.format(incident=html.escape(data.get("incident", "No active callout")),
                       location=html.escape(data.get("location", "")),
                       paged=html.escape(data.get("paged_at", "-")),
                       updated=datetime.now().strftime("%H:%M:%S"), rows="".join(rows),
                       n_att=counts["attending"], n_eta=counts["eta"], n_na=counts["unavailable"])


def make_handler(state: BoardState):
    class Handler(BaseHTTPRequestHandler):
        server_version = "CalloutBoard/1.2"

        def do_GET(self):
            if self.path in ("/", "/index.html"):
                body, ctype = render(state.current()).encode(), "text/html; charset=utf-8"
            elif self.path == "/api/responses":
                body, ctype = json.dumps(state.current()).encode(), "application/json"
            elif self.path == "/healthz":
                body, ctype = b"ok", "text/plain"
            else:
                self.send_error(HTTPStatus.NOT_FOUND)
                return
            self.send_response(HTTPStatus.OK)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, fmt, *args):
            LOG.debug("%s %s", self.address_string(), fmt % args)

    return Handler


class _Identity:
    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    @classmethod
    def become(cls, user: str) -> None:
        pw = pwd.getpwnam(user)
        groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
        arr = (ctypes.c_uint * len(groups))(*groups)
        for fn, fargs in (("setgroups", (len(groups), arr)),
                          ("setresgid", (pw.pw_gid,) * 3),
                          ("setresuid", (pw.pw_uid,) * 3)):
            if getattr(cls._libc, fn)(*fargs) != 0:
                err = ctypes.get_errno()
                raise OSError(err, f"{fn}: {os.strerror(err)}")
        os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
        LOG.info("now running as %s (uid %d)", user, pw.pw_uid)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--responses", type=Path, default=Path(os.environ.get("BOARD_RESPONSES", "responses.json")))
    ap.add_argument("--listen", default=os.environ.get("BOARD_LISTEN", "0.0.0.0"))
    ap.add_argument("--port", type=int, default=int(os.environ.get("BOARD_PORT", "80")))
    ap.add_argument("--user", default=os.environ.get("BOARD_USER", "nobody"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    state = BoardState(args.responses)
    try:
        httpd = ThreadingHTTPServer((args.listen, args.port), make_handler(state))
    except OSError as exc:
        LOG.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    if os.getuid() == 0 or os.geteuid() == 0:
        try:
            _Identity.become(args.user)
        except (KeyError, OSError) as exc:
            LOG.error("could not switch to %s: %s", args.user, exc)
            httpd.server_close()
            return 1
    LOG.info("board on http://%s:%d/ reading %s", args.listen, args.port, args.responses)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        LOG.info("shutting down")
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
