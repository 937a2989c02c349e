#!/usr/bin/env python3
"""Status page daemon that binds a privileged port and drops root.

Started as root (e.g. by an init script) so it can bind port 80, then
immediately switches to an unprivileged account with setgroups/setgid/
setuid before serving a small plain-text status page.
"""
import argparse
import grp
import logging
import os
import pwd
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("statusd")

STARTED = time.time()


class StatusHandler(BaseHTTPRequestHandler):
    server_version = "statusd/1.0"

    def do_GET(self):
        if self.path not in ("/", "/status"):
            self.send_error(404)
            return
        uptime = int(time.time() - STARTED)
        load = os.getloadavg()
        body = (f"ok\nuptime_s={uptime}\nload={load[0]:.2f} {load[1]:.2f} {load[2]:.2f}\n"
                f"uid={os.getuid()} gid={os.getgid()}\n").encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        log.info("%s %s", self.client_address[0], fmt % args)


def drop_privileges(username: str, groupname: str) -> None:
    if os.getuid() != 0:
        log.info("not root; nothing to drop")
        return
    pw = pwd.getpwnam(username)
    gid = grp.getgrnam(groupname).gr_gid if groupname else pw.pw_gid
    os.setgroups([])
    os.setgid(gid)
    os.setuid(pw.pw_uid)
    os.umask(0o077)
    try:
        os.setuid(0)
    except PermissionError:
        pass
    else:
        raise RuntimeError("privileges were not dropped")
    log.info("dropped privileges to %s:%d", username, gid)


def make_server(address: str, port: int) -> HTTPServer:
    server = HTTPServer((address, port), StatusHandler, bind_and_activate=False)
    server.socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.server_bind()
    server.server_activate()
    return server


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Status page on a privileged port")
    ap.add_argument("--address", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default="nogroup")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        server = make_server(args.address, args.port)
    except OSError as exc:
        log.error("cannot bind %s:%d: %s", args.address, args.port, exc)
        return 2
    try:
        drop_privileges(args.user, args.group)
    except (KeyError, OSError, RuntimeError) as exc:
        log.error("privilege drop failed: %s", exc)
        server.server_close()
        return 1
    log.info("serving on %s:%d", args.address, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
