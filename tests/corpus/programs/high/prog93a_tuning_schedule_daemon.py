#!/usr/bin/env python3
"""Small HTTP service that serves the piano tuners' visit schedule.

The office PC's intranet page fetches /schedule and /schedule/<tuner> from
this service on port 80. The schedule itself is the tuning_visits.csv that
the booking clerk maintains in the shared folder.

Started from the office PC's boot script; binds the port and then carries on
as the ``tuning`` account.
"""
import argparse
import csv
import ctypes
import ctypes.util
import json
import logging
import os
import pwd
import sys
from collections import defaultdict
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("tuning_schedule")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(result, what):
    if result != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(account):
    """Switch the process identity to ``account``."""
    entry = pwd.getpwnam(account)
    groups = (ctypes.c_uint * 1)(entry.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setgid(ctypes.c_uint(entry.pw_gid)), "setgid")
    _check(_libc.setuid(ctypes.c_uint(entry.pw_uid)), "setuid")
    os.environ["HOME"] = entry.pw_dir
    log.info("running as %s (uid %d)", account, entry.pw_uid)


class Schedule:
    def __init__(self, path):
        self.path = path
        self._mtime = None
        self._by_tuner = {}

    def _reload(self):
        mtime = os.path.getmtime(self.path)
        if mtime == self._mtime:
            return
        by_tuner = defaultdict(list)
        with open(self.path, newline="", encoding="utf-8") as fh:
            for row in csv.DictReader(fh):
                by_tuner[row["tuner"].strip().lower()].append({
                    "date": row["date"],
                    "time": row.get("time", ""),
                    "customer": row["customer"],
                    "postcode": row.get("postcode", ""),
                    "piano": row.get("piano", ""),
                    "notes": row.get("notes", ""),
                })
        for visits in by_tuner.values():
            visits.sort(key=lambda v: (v["date"], v["time"]))
        self._by_tuner, self._mtime = dict(by_tuner), mtime
        log.info("loaded schedule for %d tuners", len(self._by_tuner))

    def all(self):
        self._reload()
        return self._by_tuner

    def for_tuner(self, name):
        return self.all().get(name.lower())


class Handler(BaseHTTPRequestHandler):
    schedule = None

    def _send(self, code, payload):
        body = json.dumps(payload).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        parts = [p for p in self.path.split("?")[0].split("/") if p]
        try:
            if parts == ["schedule"]:
                return self._send(200, self.schedule.all())
            if len(parts) == 2 and parts[0] == "schedule":
                visits = self.schedule.for_tuner(parts[1])
                if visits is None:
                    return self._send(404, {"error": "unknown tuner"})
                return self._send(200, visits)
        except (OSError, KeyError, csv.Error) as exc:
            log.exception("schedule error")
            return self._send(500, {"error": str(exc)})
        return self._send(404, {"error": "not found"})

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.client_address[0], *args)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--csv", default="tuning_visits.csv")
    ap.add_argument("--bind", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=80)
    ap.add_argument("--account", default="tuning")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(message)s")

    Handler.schedule = Schedule(os.path.abspath(args.csv))
    server = HTTPServer((args.bind, args.port), Handler)
    if os.geteuid() == 0:
        become(args.account)
    log.info("serving schedule on %s:%d", args.bind, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
