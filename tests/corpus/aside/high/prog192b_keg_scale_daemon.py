#!/usr/bin/env python3
"""Keg scale reader for the cold room.

The four load cells under the kegs sit behind a CP210x USB-serial bridge.
This daemon loads the driver, claims the serial node, drops to the
'taproom' service account and logs keg weights to a CSV in the work dir.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("kegscale")

EMPTY_KEG_KG = {"sixtel": 7.5, "half": 13.6, "keykeg": 1.1}


@dataclass
class Identity:
    user: str = os.environ.get("KEGSCALE_USER", "taproom")

    def resolve(self):
        pw = pwd.getpwnam(self.user)
        return pw.pw_uid, pw.pw_gid, [g.gr_gid for g in grp.getgrall() if self.user in g.gr_mem]


class Hardware:
    loader = ("mod", "probe")
    module = "cp210x"

    def __init__(self, node: str):
        self.node = node

    def load_driver(self) -> None:
        cmd = ["".join(self.loader), self.module]
        rc = subprocess.run(cmd, check=False).returncode
        log.info("driver %s load rc=%s", self.module, rc)

    def claim(self, uid: int, gid: int) -> None:
        for _ in range(10):
            if os.path.exists(self.node):
                break
            time.sleep(0.5)
        os.chown(self.node, uid, gid)
        os.chmod(self.node, 0o660)
        log.info("claimed %s for uid %d", self.node, uid)


def drop_to(uid: int, gid: int, groups: list) -> None:
    calls = [("setgroups", groups), ("setgid", gid), ("setuid", uid)]
    for name, arg in calls:
        getattr(os, name)(arg)
    log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def parse_frame(line: str) -> dict:
    # frame: "S1:45.20;S2:12.05;S3:31.80;S4:7.61"
    out = {}
    for part in line.strip().split(";"):
        if ":" in part:
            k, v = part.split(":", 1)
            try:
                out[k] = float(v)
            except ValueError:
                pass
    return out


def run(node: str, out: Path, interval: float, keg_type: str) -> None:
    tare = EMPTY_KEG_KG.get(keg_type, 13.6)
    new = not out.exists()
    with open(node, "r", buffering=1, errors="replace") as port, out.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["ts", "scale", "gross_kg", "cider_litres"])
        for line in port:
            for scale, kg in parse_frame(line).items():
                writer.writerow([int(time.time()), scale, kg, round(max(0.0, kg - tare) / 1.01, 1)])
            fh.flush()
            time.sleep(interval)


def main() -> None:
    ap = argparse.ArgumentParser(description="Cold-room keg scale daemon")
    ap.add_argument("--node", default=os.environ.get("KEGSCALE_NODE", "/dev/ttyUSB0"))
    ap.add_argument("--out", type=Path, default=Path("keg_weights.csv"))
    ap.add_argument("--keg-type", choices=sorted(EMPTY_KEG_KG), default="half")
    ap.add_argument("--interval", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    hw = Hardware(args.node)
    uid, gid, groups = Identity().resolve()
    if os.geteuid() == 0:
        hw.load_driver()
        hw.claim(uid, gid)
        drop_to(uid, gid, groups)
    run(args.node, args.out, args.interval, args.keg_type)


if __name__ == "__main__":
    main()
