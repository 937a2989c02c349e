#!/usr/bin/env python3
"""Live lap feed for the commentary box and the café screens.

Serves the current heat's positions as server-sent events on port 80 so
the old browsers on the screens don't need a port in the URL. The socket
is opened first, then the process switches to the unprivileged timing
account before it touches any race data.
"""
import argparse
import ctypes
import ctypes.util
import grp
import json
import logging
import os
import pwd
import socketserver
import time
from http.server import BaseHTTPRequestHandler

log = logging.getLogger("lapfeed")

STATE_FILE = "heat_state.json"


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def switch_account(user, group):
    """Move the process to user/group, including supplementary groups."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    libc = _libc()

    calls = [
        ("setgroups", (ctypes.c_size_t(1), (ctypes.c_uint * 1)(gid))),
        ("setresgid", (gid, gid, gid)),
        ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    ]
    for name, argv in calls:
        fn = getattr(libc, name)
        if fn(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    log.info("now running as %s (%d:%d)", user, pw.pw_uid, gid)


def read_state(path):
    try:
        with open(path, encoding="utf-8") as fh:
            return json.load(fh)
    except (OSError, ValueError):
        return {"heat": None, "positions": []}


class FeedHandler(BaseHTTPRequestHandler):
    state_path = STATE_FILE
    interval = 1.0

    def log_message(self, fmt, *args):
        log.debug("%s - %s", self.address_string(), fmt % args)

    def do_GET(self):
        if self.path == "/health":
            self.send_response(200)
            self.end_headers()
            self.wfile.write(b"ok")
            return
        if self.path != "/feed":
            self.send_error(404)
            return
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.send_header("Cache-Control", "no-cache")
        self.end_headers()
        last = None
        try:
            while True:
                st = read_state(self.state_path)
                if st != last:
                    self.wfile.write(f"data: {json.dumps(st)}\n\n".encode())
                    self.wfile.flush()
                    last = st
                time.sleep(self.interval)
        except (BrokenPipeError, ConnectionResetError):
            log.debug("client went away")


class FeedServer(socketserver.ThreadingMixIn, socketserver.TCPServer):
    daemon_threads = True
    allow_reuse_address = True


def main():
    ap = argparse.ArgumentParser(description="live lap feed")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="timing")
    ap.add_argument("--group", default="timing")
    ap.add_argument("--state", default=STATE_FILE)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    FeedHandler.state_path = args.state
    server = FeedServer((args.bind, args.port), FeedHandler)
    log.info("listening on %s:%d", args.bind, args.port)

    if os.geteuid() == 0:
        try:
            switch_account(args.user, args.group)
        except (KeyError, OSError) as exc:
            log.error("could not switch account: %s", exc)
            server.server_close()
            return 1
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
