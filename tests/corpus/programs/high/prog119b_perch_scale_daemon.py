#!/usr/bin/env python3
"""Perch-scale logger for the weathering lawn.

Reads the stream from the weathering-lawn perch scales (one line per
settled weight: "<perch> <grams> ST"), pairs each perch with the bird
tethered to it today (tethering.json) and appends to the daily weight CSV.
Started by the site's init script, which opens the serial port as root;
the logger then carries on as the unprivileged 'mews' account.
"""

import argparse
import csv
import ctypes
import ctypes.util
import datetime as dt
import grp
import json
import logging
import os
import pwd
import signal
import sys
from pathlib import Path

import serial  # pyserial

LOG = logging.getLogger("perch-scale")
_running = True


def _libc():
    return ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)


def become(user):
    """Switch the process to the service account after the port is open."""
    pw = pwd.getpwnam(user)
    gids = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem] or [pw.pw_gid]
    libc = _libc()
    arr = (ctypes.c_uint * len(gids))(*gids)
    calls = (
        ("setgroups", (ctypes.c_size_t(len(gids)), arr)),
        ("setresgid", (pw.pw_gid, pw.pw_gid, pw.pw_gid)),
        ("setresuid", (pw.pw_uid, pw.pw_uid, pw.pw_uid)),
    )
    for name, argv in calls:
        if getattr(libc, name)(*argv) != 0:
            err = ctypes.get_errno()
            raise OSError(err, f"{name}: {os.strerror(err)}")
    os.environ.update(HOME=pw.pw_dir, USER=user, LOGNAME=user)
    LOG.info("running as %s (uid %d)", user, pw.pw_uid)


def load_tethering(path):
    try:
        return json.loads(Path(path).read_text())
    except (OSError, ValueError) as exc:
        LOG.warning("no tethering plan (%s); logging perch ids only", exc)
        return {}


def parse_line(raw):
    parts = raw.decode("ascii", "replace").split()
    if len(parts) != 3 or parts[2] != "ST":
        return None
    try:
        return parts[0], float(parts[1])
    except ValueError:
        return None


def append(outdir, row):
    path = Path(outdir) / f"perch_weights_{dt.date.today().isoformat()}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "perch", "bird", "grams"])
        w.writerow(row)


def stop(signum, _frame):
    global _running
    LOG.info("signal %d, stopping", signum)
    _running = False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--user", default="mews")
    ap.add_argument("--outdir", default="/srv/hawkridge/weights")
    ap.add_argument("--tethering", default="/srv/hawkridge/tethering.json")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    try:
        port = serial.Serial(args.port, args.baud, timeout=2)
    except serial.SerialException as exc:
        LOG.error("cannot open %s: %s", args.port, exc)
        return 1

    if os.geteuid() == 0:
        become(args.user)

    Path(args.outdir).mkdir(parents=True, exist_ok=True)
    plan = load_tethering(args.tethering)
    last = {}
    while _running:
        raw = port.readline()
        if not raw:
            continue
        parsed = parse_line(raw.strip())
        if not parsed:
            continue
        perch, grams = parsed
        if abs(last.get(perch, 0) - grams) < 2:
            continue  # same settled weight repeated
        last[perch] = grams
        bird = plan.get(perch, "")
        append(args.outdir, [dt.datetime.now().strftime("%H:%M:%S"), perch, bird, f"{grams:.0f}"])
        LOG.info("%s %s %.0fg", perch, bird or "?", grams)
    port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
