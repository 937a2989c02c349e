#!/usr/bin/env python3
"""ANPR event receiver.

Some camera models can only push their plate events as HTTP POSTs to port 80
of a fixed address. This receiver accepts those pushes, normalises them into
the site's JSON-lines event journal and hands off to the lane logic.
Binds the port at start-up, then continues as the unprivileged service user.
"""
import argparse
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import socketserver
import sys
import threading
from datetime import datetime, timezone
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("anpr-receiver")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "{}: {}".format(what, os.strerror(err)))


def become(username):
    """Switch the process credentials to the given service account."""
    pw = pwd.getpwnam(username)
    groups = os.getgrouplist(username, pw.pw_gid)
    arr = (ctypes.c_uint * len(groups))(*groups)
    _check(_libc.setgroups(ctypes.c_size_t(len(groups)), arr), "setgroups")
    gid = ctypes.c_uint(pw.pw_gid)
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    uid = ctypes.c_uint(pw.pw_uid)
    _check(_libc.setresuid(uid, uid, uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.umask(0o027)
    log.info("running as %s (%d:%d)", username, pw.pw_uid, pw.pw_gid)


class Journal:
    lock = threading.Lock()
    path = "anpr_events.jsonl"

    @classmethod
    def append(cls, record):
        line = json.dumps(record, separators=(",", ":")) + "\n"
        with cls.lock, open(cls.path, "a", encoding="utf-8") as fh:
            fh.write(line)


def normalise(camera_ip, payload):
    # vendors disagree on field names; map the ones we have seen
    plate = payload.get("plate") or payload.get("licensePlate") or payload.get("Plate", "")
    conf = payload.get("confidence", payload.get("Confidence", 0))
    if isinstance(conf, (int, float)) and conf > 1:
        conf = conf / 100.0
    return {
        "camera": payload.get("cameraId", camera_ip),
        "vrm": plate.replace(" ", "").upper(),
        "confidence": conf,
        "direction": payload.get("direction", "unknown"),
        "received": datetime.now(timezone.utc).isoformat(),
    }


class EventHandler(BaseHTTPRequestHandler):
    server_version = "anpr-receiver/1.4"
    max_body = 256 * 1024

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        if length <= 0 or length > self.max_body:
            self.send_error(413)
            return
        try:
            payload = json.loads(self.rfile.read(length))
        except ValueError:
            self.send_error(400, "invalid JSON")
            return
        record = normalise(self.client_address[0], payload)
        if not record["vrm"]:
            self.send_error(422, "no plate")
            return
        Journal.append(record)
        self.send_response(204)
        self.end_headers()

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


class Server(socketserver.ThreadingMixIn, socketserver.TCPServer):
    allow_reuse_address = True
    daemon_threads = True


def main():
    ap = argparse.ArgumentParser(description="Receive pushed ANPR events")
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="anpr")
    ap.add_argument("--journal", default=Journal.path)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    Journal.path = os.path.abspath(args.journal)

    try:
        srv = Server((args.listen, args.port), EventHandler)
    except PermissionError:
        log.error("cannot bind port %d", args.port)
        return 1
    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            log.error("could not switch to %s: %s", args.user, exc)
            return 1
    log.info("listening on %s:%d", args.listen, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
