#!/usr/bin/env python3
"""Serve the live results board (lot, hammer price, estimate) on the saleroom LAN."""
import argparse
import json
import logging
import os
import pwd
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("results-board")


def load_results(path):
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        log.warning("results unavailable: %s", exc)
        return {"lots": []}


def make_handler(results_path):
    class Board(BaseHTTPRequestHandler):
        routes = {}

        def _send(self, code, body, ctype="application/json"):
            data = body.encode() if isinstance(body, str) else body
            self.send_response(code)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self):
            handler = self.routes.get(self.path.split("?")[0])
            if handler is None:
                self._send(404, '{"error": "not found"}')
                return
            handler(self)

        def log_message(self, fmt, *args):
            log.info("%s " + fmt, self.client_address[0], *args)

    def lots(h):
        h._send(200, json.dumps(load_results(results_path)))

    def latest(h):
        data = load_results(results_path).get("lots", [])
        h._send(200, json.dumps(data[-1] if data else {}))

    def health(h):
        h._send(200, "ok", "text/plain")

    Board.routes = {"/lots": lots, "/latest": latest, "/health": health}
    return Board


def shed_identity(account):
    """Switch to the service account once the listening socket is open."""
    entry = pwd.getpwnam(account)
    calls = (
        ("setgroups", ([],)),
        ("setgid", (entry.pw_gid,)),
        ("setuid", (entry.pw_uid,)),
    )
    for name, args in calls:
        getattr(os, name)(*args)
    log.info("now running as %s (uid=%d)", account, os.getuid())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--results", default="results.json")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--host", default="0.0.0.0")
    ap.add_argument("--account", default="nobody")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    results_path = os.path.abspath(args.results)
    try:
        server = ThreadingHTTPServer((args.host, args.port), make_handler(results_path))
    except PermissionError:
        log.error("port %d needs to be opened as root", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            shed_identity(args.account)
        except (KeyError, PermissionError) as exc:
            log.error("cannot switch to %s: %s", args.account, exc)
            server.server_close()
            return 1
    log.info("results board on %s:%d", args.host, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
