#!/usr/bin/env python3
"""Serve the cricket scoreboard page to the pavilion display and phones.

The scoring laptop writes the current innings to scoreboard.json every ball.
This serves a small auto-refreshing page plus the raw JSON on port 80, so
spectators can type the laptop's address into a phone without a port number.
It is started from the pavilion's startup script as root (to get port 80)
and then switches to an ordinary account before handling any request.
"""
import argparse
import grp
import html
import json
import logging
import os
import pwd
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("scoreboard")

PAGE = """<!doctype html><html><head><meta charset="utf-8">
<meta http-equiv="refresh" content="10"><title>{title}</title>
<style>body{{font-family:sans-serif;background:#063;color:#fff;text-align:center}}
.big{{font-size:18vw;margin:0}}.row{{font-size:5vw}}</style></head><body>
<p class="row">{batting} v {bowling}</p>
<p class="big">{runs}/{wickets}</p>
<p class="row">Overs {overs} &middot; Target {target}</p>
<p class="row">{batters}</p></body></html>"""


class ScoreHandler(BaseHTTPRequestHandler):
    server_version = "PavilionScoreboard/1.4"
    score_file = Path("scoreboard.json")

    def _load(self):
        try:
            return json.loads(self.score_file.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            log.warning("score file unreadable: %s", exc)
            return {}

    def _send(self, status, body, ctype):
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        score = self._load()
        if self.path.startswith("/score.json"):
            self._send(200, json.dumps(score), "application/json")
        elif self.path in ("/", "/index.html"):
            esc = lambda k, d="": html.escape(str(score.get(k, d)))
            batters = " &middot; ".join(
                f"{html.escape(b.get('name', ''))} {int(b.get('runs', 0))}*"
                for b in score.get("batters", []))
            self._send(200, PAGE.format(
                title=esc("match", "Scoreboard"), batting=esc("batting"), bowling=esc("bowling"),
                runs=esc("runs", 0), wickets=esc("wickets", 0), overs=esc("overs", "0.0"),
                target=esc("target", "-"), batters=batters), "text/html; charset=utf-8")
        else:
            self._send(404, "not found\n", "text/plain")

    def log_message(self, fmt, *args):
        log.debug("%s %s", self.address_string(), fmt % args)


def switch_account(username, groupname=None):
    """Give up root once the listening socket is open."""
    if os.geteuid() != 0:
        log.info("not running as root; keeping current account")
        return
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid if groupname else pw.pw_gid
    os.setgroups(os.getgrouplist(username, gid))
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o022)
    log.info("now running as %s (uid=%d gid=%d)", username, os.getuid(), os.getgid())


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--score-file", type=Path, default=Path("scoreboard.json"))
    p.add_argument("--bind", default="")
    p.add_argument("--port", type=int, default=80)
    p.add_argument("--user", default=os.environ.get("SCOREBOARD_USER", "scorer"))
    p.add_argument("--group")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    ScoreHandler.score_file = args.score_file.resolve()
    try:
        httpd = ThreadingHTTPServer((args.bind, args.port), ScoreHandler)
    except PermissionError:
        log.error("cannot bind port %d; start as root or use --port 8080", args.port)
        return 1
    try:
        switch_account(args.user, args.group)
    except (KeyError, PermissionError) as exc:
        log.error("could not switch to %s: %s", args.user, exc)
        return 1
    log.info("scoreboard on port %d reading %s", args.port, ScoreHandler.score_file)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
