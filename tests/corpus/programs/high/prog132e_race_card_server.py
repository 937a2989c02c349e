#!/usr/bin/env python3
"""race_card_server - serve tonight's race cards to the trackside screens.

Reads one JSON file per race from ./cards (R1.json, R2.json, ...) and
serves them as HTML pages on port 80 so the bar and paddock TVs can point
their kiosk browsers at http://racecards/ without a port number.

The process starts as root only to bind port 80, then switches to the
unprivileged service account given in --user before handling requests.
"""
import argparse
import grp
import html
import json
import logging
import os
import pwd
import re
import sys
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("race_card_server")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="60"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#111;color:#eee}}
table{{border-collapse:collapse;width:100%}}td,th{{padding:.4em;border-bottom:1px solid #444}}
.trap{{font-weight:bold;width:2em;text-align:center}}
.t1{{background:#c00}}.t2{{background:#03c}}.t3{{background:#fff;color:#000}}
.t4{{background:#000}}.t5{{background:#f80}}.t6{{background:repeating-linear-gradient(45deg,#000 0 6px,#fff 6px 12px);color:#c00}}
</style></head><body>{body}</body></html>"""

RACE_RE = re.compile(r"^/(R\d{1,2})/?$")


def render_index(cards_dir: Path):
    items = []
    for p in sorted(cards_dir.glob("R*.json"), key=lambda p: int(p.stem[1:] or 0)):
        try:
            race = json.loads(p.read_text())
        except ValueError:
            continue
        items.append(f'<li><a href="/{p.stem}">{html.escape(p.stem)} {html.escape(race.get("off", ""))} '
                     f'- {html.escape(race.get("grade", ""))} {race.get("distance", "")}m</a></li>')
    return PAGE.format(title="Race cards", body="<h1>Tonight</h1><ul>" + "".join(items) + "</ul>")


def render_race(race):
    rows = []
    for r in race.get("runners", []):
        trap = int(r.get("trap", 0))
        rows.append(
            f'<tr><td class="trap t{trap}">{trap}</td><td>{html.escape(r.get("dog", ""))}</td>'
            f'<td>{html.escape(r.get("trainer", ""))}</td><td>{html.escape(r.get("form", ""))}</td>'
            f'<td>{html.escape(str(r.get("best", "")))}</td></tr>')
    head = (f'<h1>{html.escape(race.get("name", ""))} - {html.escape(race.get("off", ""))}</h1>'
            f'<p>{html.escape(race.get("grade", ""))} &middot; {race.get("distance", "")}m</p>')
    table = ("<table><tr><th>Trap</th><th>Greyhound</th><th>Trainer</th><th>Form</th><th>Best</th></tr>"
             + "".join(rows) + "</table>")
    return PAGE.format(title=html.escape(race.get("name", "Race")), body=head + table)


class CardHandler(BaseHTTPRequestHandler):
    cards_dir = Path("cards")
    server_version = "RaceCards/1.2"

    def _send(self, status, body, ctype="text/html; charset=utf-8"):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        if self.path in ("/", "/index.html"):
            return self._send(HTTPStatus.OK, render_index(self.cards_dir))
        m = RACE_RE.match(self.path)
        if not m:
            return self._send(HTTPStatus.NOT_FOUND, "not found", "text/plain")
        path = self.cards_dir / f"{m.group(1)}.json"
        try:
            race = json.loads(path.read_text())
        except FileNotFoundError:
            return self._send(HTTPStatus.NOT_FOUND, "no such race", "text/plain")
        except ValueError as exc:
            log.error("%s: %s", path, exc)
            return self._send(HTTPStatus.INTERNAL_SERVER_ERROR, "bad card", "text/plain")
        self._send(HTTPStatus.OK, render_race(race))

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def switch_user(name):
    """Give up root once the listening socket is open."""
    if os.getuid() != 0:
        return
    pw = pwd.getpwnam(name)
    extra = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
    os.setgroups(extra)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o022)
    log.info("now running as %s (uid %d)", name, pw.pw_uid)


def main():
    ap = argparse.ArgumentParser(description="Serve race cards to trackside screens")
    ap.add_argument("--cards", type=Path, default=Path("cards"))
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default=os.environ.get("RACECARD_USER", "racecards"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.cards.is_dir():
        log.error("cards folder %s missing", args.cards)
        return 1
    CardHandler.cards_dir = args.cards.resolve()
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), CardHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root or pick --port above 1023", args.port)
        return 1
    try:
        switch_user(args.user)
    except (KeyError, PermissionError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        return 1
    log.info("serving %s on %s:%d", CardHandler.cards_dir, args.bind, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
