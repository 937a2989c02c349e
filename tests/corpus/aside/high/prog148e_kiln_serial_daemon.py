#!/usr/bin/env python3
"""Small daemon that relays kiln controller serial readings to a local file.

The serial port on the kiln-room PC is owned by root, so the daemon takes the
identity it needs for the port and then settles on the service account.
"""
import argparse
import ctypes
import ctypes.util
import grp
import logging
import os
import pwd
import signal
import time

log = logging.getLogger("kilnd")

_libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

RUNNING = True


def _check(rc, what):
    if rc != 0:
        err = ctypes.get_errno()
        raise OSError(err, "%s: %s" % (what, os.strerror(err)))


def become(uid, gid, groups=()):
    """Switch real/effective/saved ids through libc."""
    arr = (ctypes.c_uint * max(1, len(groups)))(*groups)
    _check(_libc.setgroups(len(groups), arr), "setgroups")
    _check(_libc.setresgid(gid, gid, gid), "setresgid")
    _check(_libc.setresuid(uid, uid, uid), "setresuid")


def elevate_for_port():
    """Regain root long enough to open the serial port."""
    _check(_libc.setuid(0), "setuid")
    _check(_libc.setgid(0), "setgid")


def service_ids(user):
    pw = pwd.getpwnam(user)
    groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]
    return pw.pw_uid, pw.pw_gid, groups


def open_port(path):
    fd = os.open(path, os.O_RDONLY | os.O_NOCTTY)
    log.info("opened %s", path)
    return fd


def parse_reading(line):
    # controller prints "T=713.5 SP=720 SEG=3"
    fields = dict(part.split("=", 1) for part in line.split() if "=" in part)
    return float(fields.get("T", "nan")), fields.get("SEG", "?")


def relay(fd, out_path):
    buf = b""
    with open(out_path, "a") as out:
        while RUNNING:
            chunk = os.read(fd, 256)
            if not chunk:
                time.sleep(0.5)
                continue
            buf += chunk
            while b"\n" in buf:
                line, buf = buf.split(b"\n", 1)
                try:
                    temp, seg = parse_reading(line.decode("ascii", "replace"))
                except ValueError:
                    continue
                out.write("%d,%s,%.1f\n" % (time.time(), seg, temp))
                out.flush()


def stop(signum, frame):
    global RUNNING
    RUNNING = False


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--port", default="/dev/ttyS0")
    ap.add_argument("--user", default="kiln")
    ap.add_argument("--out", default="readings.csv")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)

    try:
        elevate_for_port()
    except OSError as exc:
        log.warning("could not elevate: %s", exc)
    fd = open_port(args.port)
    uid, gid, groups = service_ids(args.user)
    become(uid, gid, groups)
    log.info("running as %s", args.user)
    try:
        relay(fd, args.out)
    finally:
        os.close(fd)


if __name__ == "__main__":
    main()
