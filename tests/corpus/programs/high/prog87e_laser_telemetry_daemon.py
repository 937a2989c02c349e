#!/usr/bin/env python3
"""Collect job telemetry from the laser cutters' controller boards.

Both lasers' controllers are set up to send their job events as syslog to
this box on UDP 514.  We parse start/finish/abort events, pair them up and
append one row per finished job to laser_jobs.csv for the monthly billing
export.  The daemon binds the syslog port first and then switches to the
unprivileged service account given with --user.
"""

import argparse
import csv
import ctypes
import ctypes.util
import logging
import os
import pwd
import re
import signal
import socket
import sys
from datetime import datetime

LOG = logging.getLogger("laser-telemetry")

EVENT_RE = re.compile(r"(?P<event>JOB_(?:START|END|ABORT))\s+(?P<kv>.*)$")
KV_RE = re.compile(r'(\w+)=("[^"]*"|\S+)')
FIELDS = ["finished_at", "controller", "member_id", "file", "material", "seconds", "status"]


def _libc():
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    libc.setresuid.argtypes = [ctypes.c_uint] * 3
    libc.setresgid.argtypes = [ctypes.c_uint] * 3
    libc.setgroups.argtypes = [ctypes.c_size_t, ctypes.POINTER(ctypes.c_uint)]
    return libc


def switch_user(name):
    if os.geteuid() != 0:
        LOG.info("already running unprivileged as uid %d", os.geteuid())
        return
    pw = pwd.getpwnam(name)
    libc = _libc()
    groups = (ctypes.c_uint * 1)(pw.pw_gid)
    for label, rc in (("setgroups", libc.setgroups(1, groups)),
                      ("setresgid", libc.setresgid(pw.pw_gid, pw.pw_gid, pw.pw_gid)),
                      ("setresuid", libc.setresuid(pw.pw_uid, pw.pw_uid, pw.pw_uid))):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{label}: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=name, LOGNAME=name)
    LOG.info("now running as %s (%d:%d)", name, pw.pw_uid, pw.pw_gid)


class JobTracker:
    def __init__(self, out_path):
        self.out_path = out_path
        self.open_jobs = {}
        if not os.path.exists(out_path):
            with open(out_path, "w", newline="") as fh:
                csv.writer(fh).writerow(FIELDS)

    def handle(self, controller, line):
        m = EVENT_RE.search(line)
        if not m:
            return
        kv = {k: v.strip('"') for k, v in KV_RE.findall(m.group("kv"))}
        key = (controller, kv.get("file", "?"))
        now = datetime.now()
        if m.group("event") == "JOB_START":
            self.open_jobs[key] = (now, kv)
            return
        started, start_kv = self.open_jobs.pop(key, (None, {}))
        seconds = int(kv.get("elapsed") or ((now - started).total_seconds() if started else 0))
        status = "done" if m.group("event") == "JOB_END" else "aborted"
        row = [now.isoformat(timespec="seconds"), controller,
               start_kv.get("member", kv.get("member", "")), key[1],
               start_kv.get("material", ""), seconds, status]
        with open(self.out_path, "a", newline="") as fh:
            csv.writer(fh).writerow(row)
        LOG.info("%s %s %s (%ss) for member %s", controller, status, key[1], seconds, row[2])


def serve(sock, tracker, controllers):
    running = True

    def stop(signum, _frame):
        nonlocal running
        LOG.info("signal %d, shutting down", signum)
        running = False

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    sock.settimeout(1.0)
    while running:
        try:
            data, (addr, _port) = sock.recvfrom(4096)
        except socket.timeout:
            continue
        name = controllers.get(addr)
        if name is None:
            LOG.debug("ignoring datagram from unknown host %s", addr)
            continue
        tracker.handle(name, data.decode("utf-8", "replace").strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description="Laser cutter job telemetry collector")
    ap.add_argument("--bind", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=514)
    ap.add_argument("--user", default="lasertel")
    ap.add_argument("--out", default="laser_jobs.csv")
    ap.add_argument("--controller", action="append", default=[],
                    metavar="IP=NAME", help="e.g. 10.20.0.41=trotec-1")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    controllers = dict(c.split("=", 1) for c in args.controller) or {"10.20.0.41": "laser-1"}

    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((args.bind, args.port))
    except PermissionError:
        LOG.error("binding UDP %d needs root or CAP_NET_BIND_SERVICE", args.port)
        return 1
    try:
        switch_user(args.user)
    except (KeyError, OSError) as exc:
        LOG.error("could not switch to %s: %s", args.user, exc)
        return 1

    LOG.info("listening on %s:%d for %s", args.bind, args.port, ", ".join(controllers.values()))
    serve(sock, JobTracker(args.out), controllers)
    return 0


if __name__ == "__main__":
    sys.exit(main())
