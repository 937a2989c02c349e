#!/usr/bin/env python3
"""Small HTTP service recording cylinder fills at the dive-spread compressor.

The fill panel tablet posts one JSON record per fill (cylinder serial, gas,
pressure, O2 analysis, who filled it).  Records are appended to a daily
JSON-lines file and served back to the supervisor's dashboard.  The service
listens on port 80 on the spread LAN, then continues as the `fillsvc`
account.
"""
import argparse
import ctypes
import ctypes.util
import datetime as dt
import json
import logging
import os
import pwd
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("fill-log")

REQUIRED = ("serial", "gas", "pressure_bar", "filled_by")


class FillStore:
    def __init__(self, root):
        self.root = Path(root)

    def _day_file(self, day=None):
        day = day or dt.date.today().isoformat()
        return self.root / f"fills-{day}.jsonl"

    def append(self, record):
        record["received"] = dt.datetime.now(dt.timezone.utc).isoformat()
        with self._day_file().open("a", encoding="utf-8") as fh:
            fh.write(json.dumps(record, sort_keys=True) + "\n")

    def day(self, day):
        path = self._day_file(day)
        if not path.exists():
            return []
        with path.open(encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]


class FillHandler(BaseHTTPRequestHandler):
    store = None
    server_version = "fill-log/1.4"

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path.startswith("/fills"):
            day = self.path.rpartition("/")[2] if self.path.count("/") > 1 else None
            try:
                if day:
                    dt.date.fromisoformat(day)
            except ValueError:
                return self._send(400, {"error": "bad date"})
            return self._send(200, self.store.day(day))
        if self.path == "/health":
            return self._send(200, {"ok": True})
        self._send(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/fills":
            return self._send(404, {"error": "not found"})
        length = int(self.headers.get("Content-Length") or 0)
        try:
            record = json.loads(self.rfile.read(min(length, 65536)))
        except ValueError:
            return self._send(400, {"error": "invalid json"})
        missing = [k for k in REQUIRED if k not in record]
        if missing:
            return self._send(422, {"error": f"missing {', '.join(missing)}"})
        self.store.append(record)
        self._send(201, {"stored": True})

    def log_message(self, fmt, *args):
        log.info("%s %s", self.address_string(), fmt % args)


def become(account):
    """Continue as the service account once the listening socket is open."""
    entry = pwd.getpwnam(account)
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    steps = (
        ("setgroups", lambda: libc.setgroups(1, groups)),
        ("setresgid", lambda: libc.setresgid(entry.pw_gid, entry.pw_gid, entry.pw_gid)),
        ("setresuid", lambda: libc.setresuid(entry.pw_uid, entry.pw_uid, entry.pw_uid)),
    )
    for name, call in steps:
        if call() != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name} failed: {os.strerror(err)}")
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", account, entry.pw_uid)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--bind", default=os.environ.get("FILL_BIND", "10.40.0.5"))
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--data", default="fill-data")
    ap.add_argument("--user", default="fillsvc")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    data_dir = Path(args.data)
    data_dir.mkdir(parents=True, exist_ok=True)
    FillHandler.store = FillStore(data_dir)

    server = ThreadingHTTPServer((args.bind, args.port), FillHandler)
    if os.geteuid() == 0:
        entry = pwd.getpwnam(args.user)
        os.chown(data_dir, entry.pw_uid, entry.pw_gid)
        become(args.user)
    log.info("listening on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
