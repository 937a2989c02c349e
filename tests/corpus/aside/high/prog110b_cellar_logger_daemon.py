#!/usr/bin/env python3
"""Cellar climate logger daemon.

Samples every DS18B20 probe on the 1-wire bus and records temperature per
bay into SQLite, flagging readings outside the band the wines want
(default 10-15 C).  Started by the init script as root so it can create its
state and log directories and pidfile; the sampling loop itself runs as the
unprivileged "cellar" account.
"""

import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import pwd
import signal
import sqlite3
import sys
import time
from pathlib import Path

LOG = logging.getLogger("cellar-logger")

W1_GLOB = "/sys/bus/w1/devices/28-*/w1_slave"
STATE_DIR = Path("/var/lib/cellar")
LOG_DIR = Path("/var/log/cellar")
PIDFILE = Path("/run/cellar-logger.pid")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)


def _check(ret, what):
    if ret != 0:
        err = ctypes.get_errno()
        raise OSError(err, f"{what}: {os.strerror(err)}")


def become(user):
    """Switch the process to `user` for the rest of its life."""
    pw = pwd.getpwnam(user)
    gid_t = ctypes.c_uint
    groups = (gid_t * 1)(pw.pw_gid)
    _check(_libc.setgroups(ctypes.c_size_t(1), groups), "setgroups")
    _check(_libc.setresgid(gid_t(pw.pw_gid), gid_t(pw.pw_gid), gid_t(pw.pw_gid)), "setresgid")
    _check(_libc.setresuid(gid_t(pw.pw_uid), gid_t(pw.pw_uid), gid_t(pw.pw_uid)), "setresuid")
    os.environ["HOME"] = pw.pw_dir
    os.environ["USER"] = user
    LOG.info("running as %s (uid %d)", user, pw.pw_uid)


def prepare_dirs(user):
    pw = pwd.getpwnam(user)
    for d in (STATE_DIR, LOG_DIR):
        d.mkdir(parents=True, exist_ok=True)
        os.chown(d, pw.pw_uid, pw.pw_gid)
    PIDFILE.write_text(f"{os.getpid()}\n")


def read_probe(path):
    try:
        lines = Path(path).read_text().splitlines()
    except OSError:
        return None
    if len(lines) < 2 or not lines[0].strip().endswith("YES"):
        return None
    _, _, raw = lines[1].partition("t=")
    try:
        return int(raw) / 1000.0
    except ValueError:
        return None


def open_db(path):
    conn = sqlite3.connect(path)
    conn.execute("""CREATE TABLE IF NOT EXISTS readings (
                        ts REAL NOT NULL, probe TEXT NOT NULL, bay TEXT,
                        celsius REAL NOT NULL, out_of_band INTEGER NOT NULL)""")
    conn.execute("CREATE INDEX IF NOT EXISTS readings_ts ON readings(ts)")
    return conn


def load_bay_map(path):
    """probe-id=bay lines, e.g. 28-0316a27963ff=Claret racks"""
    mapping = {}
    if path and Path(path).exists():
        for line in Path(path).read_text().splitlines():
            if "=" in line and not line.lstrip().startswith("#"):
                probe, bay = line.split("=", 1)
                mapping[probe.strip()] = bay.strip()
    return mapping


def sample_forever(conn, bays, low, high, interval, stop):
    while not stop["flag"]:
        now = time.time()
        rows = []
        for path in sorted(glob.glob(W1_GLOB)):
            probe = Path(path).parent.name
            value = read_probe(path)
            if value is None:
                continue
            flagged = int(not (low <= value <= high))
            if flagged:
                LOG.warning("%s (%s) at %.2f C outside %.1f-%.1f", probe, bays.get(probe, "?"), value, low, high)
            rows.append((now, probe, bays.get(probe), value, flagged))
        with conn:
            conn.executemany("INSERT INTO readings VALUES (?, ?, ?, ?, ?)", rows)
        LOG.debug("stored %d readings", len(rows))
        time.sleep(interval)


def main():
    parser = argparse.ArgumentParser(description="Cellar climate logger daemon")
    parser.add_argument("--user", default="cellar")
    parser.add_argument("--bays", default="/etc/cellar/bays.conf")
    parser.add_argument("--low", type=float, default=10.0)
    parser.add_argument("--high", type=float, default=15.0)
    parser.add_argument("--interval", type=int, default=300)
    args = parser.parse_args()

    if os.geteuid() == 0:
        prepare_dirs(args.user)
    logging.basicConfig(filename=str(LOG_DIR / "climate.log"), level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    bays = load_bay_map(args.bays)
    if os.geteuid() == 0:
        try:
            become(args.user)
        except (KeyError, OSError) as exc:
            LOG.error("cannot switch to %s: %s", args.user, exc)
            return 1

    stop = {"flag": False}
    signal.signal(signal.SIGTERM, lambda *_: stop.update(flag=True))
    conn = open_db(STATE_DIR / "climate.db")
    LOG.info("sampling every %ds, band %.1f-%.1f C", args.interval, args.low, args.high)
    try:
        sample_forever(conn, bays, args.low, args.high, args.interval, stop)
    except KeyboardInterrupt:
        pass
    LOG.info("stopped")
    return 0


if __name__ == "__main__":
    sys.exit(main())
