#!/usr/bin/env python3
"""Tiny status page for a point-of-sale terminal, served on port 80.

Serves /status (JSON) and / (plain HTML) so the shop manager can check from
the back-office PC or a phone whether each till is up, how full its disk is,
and when it last synced. Started by the till's init script; it takes the
port and then continues as the unprivileged 'pos' account.
"""

import argparse
import grp
import html
import json
import logging
import os
import pwd
import shutil
import socket
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

LOG = logging.getLogger("pos-status")
STARTED = time.time()


class StatusSource:
    def __init__(self, workdir: Path):
        self.workdir = workdir

    def last_sync(self):
        try:
            return json.loads((self.workdir / "last_sync.json").read_text())
        except (OSError, ValueError):
            return None

    def snapshot(self) -> dict:
        du = shutil.disk_usage(self.workdir)
        return {
            "terminal": socket.gethostname(),
            "uptime_s": int(time.time() - STARTED),
            "load": os.getloadavg(),
            "disk_free_gb": round(du.free / 1e9, 1),
            "disk_used_pct": round(100 * du.used / du.total, 1),
            "last_sync": self.last_sync(),
            "queue_files": len(list((self.workdir / "outbox").glob("*.json"))),
        }


class StatusHandler(BaseHTTPRequestHandler):
    source: StatusSource = None
    server_version = "pos-status/0.9"

    def _send(self, code, ctype, body: bytes):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        snap = self.source.snapshot()
        if self.path == "/status":
            self._send(200, "application/json", json.dumps(snap).encode())
        elif self.path == "/":
            rows = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(str(v))}</td></tr>"
                           for k, v in snap.items())
            self._send(200, "text/html; charset=utf-8",
                       f"<html><body><table>{rows}</table></body></html>".encode())
        else:
            self._send(404, "text/plain", b"not found\n")

    def log_message(self, fmt, *args):
        LOG.info("%s %s", self.client_address[0], fmt % args)


class RunAs:
    """Switch the process identity to a service account."""

    def __init__(self, user: str):
        self.pw = pwd.getpwnam(user)

    def supplementary(self):
        return [g.gr_gid for g in grp.getgrall() if self.pw.pw_name in g.gr_mem]

    def apply(self):
        if os.getuid() != 0:
            LOG.info("not root, keeping uid %d", os.getuid())
            return
        os.setgroups(self.supplementary())
        os.setgid(self.pw.pw_gid)
        os.setuid(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        os.umask(0o027)
        LOG.info("now running as %s (%d:%d)", self.pw.pw_name, os.getuid(), os.getgid())


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--workdir", type=Path, default=Path("/srv/pos"))
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--user", default="pos")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    srv = ThreadingHTTPServer((args.listen, args.port), StatusHandler)
    try:
        RunAs(args.user).apply()
    except KeyError:
        LOG.error("service account %r missing", args.user)
        return 2
    except PermissionError as exc:
        LOG.error("could not change identity: %s", exc)
        return 2

    (args.workdir / "outbox").mkdir(parents=True, exist_ok=True)
    StatusHandler.source = StatusSource(args.workdir)
    LOG.info("status page on http://%s:%d/", args.listen, args.port)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        srv.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
