#!/usr/bin/env python3
"""Launch queue board server for the clubhouse box.

Serves the launch queue as JSON and a plain HTML page on port 80 so the
briefing-room TV, the launch point tablet and members' phones can all reach
it by just typing the clubhouse box's address.  Started from the box's boot
script; it takes the port and then carries on as the unprivileged
'launchq' account that owns the queue file.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import pwd
import socketserver
import sys
import threading
from http.server import BaseHTTPRequestHandler
from pathlib import Path

log = logging.getLogger("queue_board")

QUEUE_FILE = Path("queue.json")
PAGE = """<!doctype html><html><head><meta http-equiv="refresh" content="15">
<title>Launch queue</title></head><body><h1>Launch queue - runway {runway}</h1>
<ol>{items}</ol></body></html>"""


class Identity:
    """Switches the running process over to the service account."""

    _libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def __init__(self, user, group=None):
        pw = pwd.getpwnam(user)
        self.uid = pw.pw_uid
        self.gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
        self.user = user

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{what} failed")

    def assume(self):
        libc = self._libc
        groups = (ctypes.c_uint * 1)(self.gid)
        self._check(libc.setgroups(1, groups), "setgroups")
        self._check(libc.setresgid(self.gid, self.gid, self.gid), "setresgid")
        self._check(libc.setresuid(self.uid, self.uid, self.uid), "setresuid")
        log.info("now running as %s (%d:%d)", self.user, self.uid, self.gid)


class QueueStore:
    def __init__(self, path):
        self.path = path
        self.lock = threading.Lock()

    def read(self):
        with self.lock:
            if not self.path.exists():
                return {"runway": "?", "queue": []}
            return json.loads(self.path.read_text())


class Handler(BaseHTTPRequestHandler):
    store = None

    def _send(self, code, ctype, body):
        data = body.encode()
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        try:
            q = self.store.read()
        except (OSError, ValueError) as exc:
            log.error("queue unreadable: %s", exc)
            return self._send(503, "text/plain", "queue unavailable\n")
        if self.path.startswith("/api/queue"):
            return self._send(200, "application/json", json.dumps(q))
        if self.path in ("/", "/index.html"):
            from html import escape
            items = "".join(
                f"<li>{escape(e.get('glider', '?'))} - {escape(e.get('pilot', ''))}"
                f" ({escape(e.get('launch', 'winch'))})</li>" for e in q["queue"])
            return self._send(200, "text/html; charset=utf-8",
                              PAGE.format(runway=escape(str(q["runway"])), items=items))
        self._send(404, "text/plain", "not found\n")

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="launchq")
    ap.add_argument("--group")
    ap.add_argument("--queue", default=str(QUEUE_FILE))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    Handler.store = QueueStore(Path(args.queue))
    try:
        srv = Server((args.listen, args.port), Handler)
    except OSError as exc:
        log.error("cannot listen on %s:%d: %s", args.listen, args.port, exc)
        return 1
    try:
        Identity(args.user, args.group).assume()
    except (KeyError, OSError) as exc:
        log.error("cannot switch to %s: %s", args.user, exc)
        srv.server_close()
        return 1
    log.info("serving launch queue on %s:%d", args.listen, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
