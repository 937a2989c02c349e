#!/usr/bin/env python3
"""Weather station reader for the allotment site's hut.

Opens the station's USB serial port (fixing its permissions if the
udev rule is missing), then drops to the unprivileged 'allot' account
and logs readings to a CSV in the working directory.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import time
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

log = logging.getLogger("weather.station")


@dataclass
class Port:
    path: str = os.environ.get("WX_PORT", "/dev/ttyUSB0")
    mode: int = 0o660
    group: str = os.environ.get("WX_GROUP", "dialout")


@dataclass
class Account:
    user: str = os.environ.get("WX_USER", "allot")


def fix_port(port: Port) -> None:
    gid = grp.getgrnam(port.group).gr_gid
    ops = {"owner": (os.chown, (port.path, 0, gid)),
           "mode": (os.chmod, (port.path, port.mode))}
    for name, (fn, args) in ops.items():
        fn(*args)
        log.debug("port %s fixed", name)


def drop_to(acct: Account) -> None:
    pw = pwd.getpwnam(acct.user)
    steps = [("setgroups", ([pw.pw_gid],)),
             ("setgid", (pw.pw_gid,)),
             ("setuid", (pw.pw_uid,))]
    for name, args in steps:
        getattr(os, name)(*args)
    os.environ["HOME"] = pw.pw_dir
    log.info("now running as %s", acct.user)


def parse_line(raw: bytes):
    # station sends: T=12.4;H=81;R=0.2;W=3.1
    fields = dict(p.split("=", 1) for p in raw.decode(errors="ignore").strip().split(";") if "=" in p)
    return {
        "time": datetime.now().isoformat(timespec="seconds"),
        "temp_c": fields.get("T", ""),
        "humidity": fields.get("H", ""),
        "rain_mm": fields.get("R", ""),
        "wind_ms": fields.get("W", ""),
    }


def record(fd: int, out: Path, samples: int) -> None:
    new = not out.exists()
    with out.open("a", newline="") as fh, os.fdopen(fd, "rb", buffering=0) as dev:
        w = csv.DictWriter(fh, fieldnames=["time", "temp_c", "humidity", "rain_mm", "wind_ms"])
        if new:
            w.writeheader()
        for _ in range(samples):
            line = dev.readline()
            if line:
                w.writerow(parse_line(line))
                fh.flush()
            time.sleep(1)


def main() -> None:
    ap = argparse.ArgumentParser(description="Log the hut weather station")
    ap.add_argument("--out", type=Path, default=Path("weather_log.csv"))
    ap.add_argument("--samples", type=int, default=600)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    port = Port()
    if os.geteuid() == 0:
        fix_port(port)
    fd = os.open(port.path, os.O_RDONLY | os.O_NOCTTY)
    if os.geteuid() == 0:
        drop_to(Account())
    record(fd, args.out.resolve(), args.samples)


if __name__ == "__main__":
    main()
