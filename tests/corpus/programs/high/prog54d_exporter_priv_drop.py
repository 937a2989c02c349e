#!/usr/bin/env python3
"""Tiny text-format metrics exporter that binds its port and then switches
to an unprivileged service account before serving requests."""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import socketserver
import time
from http.server import BaseHTTPRequestHandler

LOG = logging.getLogger("exporter")
_libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
for _fn in ("setresuid", "setresgid"):
    getattr(_libc, _fn).argtypes = [ctypes.c_uint, ctypes.c_uint, ctypes.c_uint]
    getattr(_libc, _fn).restype = ctypes.c_int


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def switch_identity(user, group=None):
    """Change real, effective and saved ids to the target account."""
    pw = pwd.getpwnam(user)
    gid = grp.getgrnam(group).gr_gid if group else pw.pw_gid
    extra = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    os.setgroups(sorted(set([gid] + extra)))
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    LOG.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


class Metrics:
    started = time.time()
    requests = 0

    @classmethod
    def render(cls):
        load1, load5, load15 = os.getloadavg()
        lines = [
            "# TYPE node_load gauge",
            f'node_load{{window="1m"}} {load1}',
            f'node_load{{window="5m"}} {load5}',
            f'node_load{{window="15m"}} {load15}',
            "# TYPE exporter_uptime_seconds counter",
            f"exporter_uptime_seconds {time.time() - cls.started:.0f}",
            f"exporter_requests_total {cls.requests}",
        ]
        return "\n".join(lines) + "\n"


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        if self.path != "/metrics":
            self.send_error(404)
            return
        Metrics.requests += 1
        body = Metrics.render().encode()
        self.send_response(200)
        self.send_header("Content-Type", "text/plain; version=0.0.4")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, fmt, *args):
        LOG.debug(fmt, *args)


def main():
    ap = argparse.ArgumentParser(description="metrics exporter")
    ap.add_argument("--listen", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=910)
    ap.add_argument("--user", default="nobody")
    ap.add_argument("--group", default=None)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    server = socketserver.TCPServer((args.listen, args.port), Handler)
    if os.geteuid() == 0:
        switch_identity(args.user, args.group)
    else:
        LOG.warning("not root; keeping current identity")
    LOG.info("serving on %s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
