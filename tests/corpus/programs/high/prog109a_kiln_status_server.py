#!/usr/bin/env python3
"""Kiln status server for the studio display and members' phones.

Serves a small auto-refreshing page (and /api/status JSON) showing the
current temperature, segment and estimated finish time of each kiln, read
from the latest.json files the kiln loggers keep in ./kiln_logs/<kiln>/.
The display Pi runs Chromium in kiosk mode pointed at this page, and members
can check from their phones on the studio wifi at http://kilns.local/.

Started by root from rc.local so it can take port 80, then it continues as
the unprivileged kiln user.

    ./kiln_status_server.py --run-as kilnlog
"""
import argparse
import html
import json
import logging
import os
import pwd
import sys
import time
from datetime import datetime, timedelta
from pathlib import Path
from wsgiref.simple_server import WSGIRequestHandler, make_server

log = logging.getLogger("kiln-board")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="30"><title>Kilns</title>
<style>body{{font-family:sans-serif;background:#1d1b19;color:#f3e9dc}}
.k{{display:inline-block;margin:1em;padding:1em 2em;border-radius:12px;background:#3a2f28}}
.t{{font-size:4em}} .stale{{opacity:.4}}</style></head><body>
<h1>Kilns &mdash; {now}</h1>{cards}</body></html>"""

CARD = """<div class="k{cls}"><h2>{name}</h2><div class="t">{temp}&deg;C</div>
<p>{program} &middot; segment {segment}<br>target {target}&deg;C &middot; done ~{eta}</p></div>"""


class KilnBoard:
    stale_after = 300

    def __init__(self, log_root):
        self.log_root = Path(log_root)

    def kilns(self):
        for latest in sorted(self.log_root.glob("*/latest.json")):
            try:
                data = json.loads(latest.read_text())
            except (OSError, ValueError) as exc:
                log.warning("unreadable %s: %s", latest, exc)
                continue
            data.setdefault("name", latest.parent.name)
            data["age_s"] = time.time() - latest.stat().st_mtime
            yield data

    @staticmethod
    def eta(k):
        remaining = k.get("remaining_s")
        if remaining is None:
            return "?"
        return (datetime.now() + timedelta(seconds=int(remaining))).strftime("%H:%M")

    def render(self):
        cards = []
        for k in self.kilns():
            cards.append(CARD.format(
                cls=" stale" if k["age_s"] > self.stale_after else "",
                name=html.escape(str(k["name"])),
                temp=int(k.get("temp_c", 0)),
                program=html.escape(str(k.get("program", "idle"))),
                segment=int(k.get("segment", 0)),
                target=int(k.get("target_c", 0)),
                eta=self.eta(k)))
        return PAGE.format(now=datetime.now().strftime("%H:%M"),
                           cards="".join(cards) or "<p>No kilns reporting.</p>")

    def __call__(self, environ, start_response):
        path = environ.get("PATH_INFO", "/")
        if path == "/api/status":
            body = json.dumps(list(self.kilns()), default=str).encode()
            ctype = "application/json"
        elif path in ("/", "/index.html"):
            body = self.render().encode("utf-8")
            ctype = "text/html; charset=utf-8"
        else:
            start_response("404 Not Found", [("Content-Type", "text/plain")])
            return [b"not found"]
        start_response("200 OK", [("Content-Type", ctype), ("Content-Length", str(len(body))),
                                  ("Cache-Control", "no-store")])
        return [body]


def become(username):
    """Continue as `username` once the listening socket is open."""
    pw = pwd.getpwnam(username)
    if os.getuid() == pw.pw_uid:
        return
    os.setgroups([])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o022)
    log.info("now running as %s (uid %d)", username, pw.pw_uid)


class QuietHandler(WSGIRequestHandler):
    def log_message(self, fmt, *args):
        log.debug("%s %s", self.client_address[0], fmt % args)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Kiln status server")
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--run-as", default="kilnlog")
    ap.add_argument("--logs", default="kiln_logs")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    if not Path(args.logs).is_dir():
        log.error("no kiln log directory at %s", args.logs)
        return 2
    app = KilnBoard(args.logs)
    try:
        httpd = make_server(args.host, args.port, app, handler_class=QuietHandler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.host, args.port, exc)
        return 1
    try:
        become(args.run_as)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.run_as, exc)
        httpd.server_close()
        return 1
    log.info("kiln board on http://%s:%d/", args.host, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
