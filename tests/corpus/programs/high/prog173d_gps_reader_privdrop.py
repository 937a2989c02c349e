#!/usr/bin/env python3
"""GPS reader for the van head unit.

Started as root by the unit's init so it can open the GPS serial port, then
switches to the unprivileged ``gps`` account before parsing any NMEA data and
writing positions to the local spool.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("gps-reader")


@dataclass
class Identity:
    user: str
    group: str

    @property
    def ids(self):
        return pwd.getpwnam(self.user).pw_uid, grp.getgrnam(self.group).gr_gid


class Switcher:
    order = ("groups", "gid", "uid")
    calls = {
        "groups": ("set" + "groups", lambda uid, gid: [[gid]]),
        "gid": ("set" + "gid", lambda uid, gid: [gid]),
        "uid": ("set" + "uid", lambda uid, gid: [uid]),
    }

    def __init__(self, ident: Identity):
        self.ident = ident

    def apply(self):
        uid, gid = self.ident.ids
        for step in self.order:
            name, args = self.calls[step]
            getattr(os, name)(*args(uid, gid))
            log.debug("%s done", name)
        os.umask(0o027)
        if os.getuid() != uid:
            raise RuntimeError("identity switch failed")


def open_port(device: str, baud: int):
    fd = os.open(device, os.O_RDONLY | os.O_NOCTTY)
    try:
        import termios

        attrs = termios.tcgetattr(fd)
        speed = getattr(termios, "B%d" % baud)
        attrs[4] = attrs[5] = speed
        termios.tcsetattr(fd, termios.TCSANOW, attrs)
    except (ImportError, AttributeError, OSError) as exc:
        log.warning("could not set line speed: %s", exc)
    return os.fdopen(fd, "rb", buffering=0)


def parse_rmc(line: str):
    parts = line.split(",")
    if len(parts) < 7 or parts[2] != "A":
        return None

    def coord(value, hemi, width):
        deg = float(value[:width])
        minutes = float(value[width:])
        sign = -1 if hemi in ("S", "W") else 1
        return round(sign * (deg + minutes / 60), 6)

    return {"lat": coord(parts[3], parts[4], 2), "lon": coord(parts[5], parts[6], 3), "ts": time.time()}


def run(port, spool: Path):
    spool.mkdir(parents=True, exist_ok=True)
    buf = b""
    while True:
        chunk = port.read(256)
        if not chunk:
            time.sleep(0.5)
            continue
        buf += chunk
        *lines, buf = buf.split(b"\n")
        for raw in lines:
            line = raw.decode("ascii", errors="ignore").strip()
            if line.startswith(("$GPRMC", "$GNRMC")):
                fix = parse_rmc(line)
                if fix:
                    (spool / ("gps-%d.json" % int(fix["ts"]))).write_text(json.dumps(fix))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--device", default=os.environ.get("GPS_DEVICE", "/dev/ttyUSB0"))
    parser.add_argument("--baud", type=int, default=9600)
    parser.add_argument("--user", default="gps")
    parser.add_argument("--group", default="dialout")
    parser.add_argument("--spool", type=Path, default=Path("./spool"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    port = open_port(args.device, args.baud)
    if os.geteuid() == 0:
        Switcher(Identity(args.user, args.group)).apply()
        log.info("running as %s", args.user)
    run(port, args.spool)


if __name__ == "__main__":
    main()
