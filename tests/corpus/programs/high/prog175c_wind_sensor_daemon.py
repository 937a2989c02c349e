#!/usr/bin/env python3
"""Anemometer daemon for the shop's test-flying field.

Reads the roof anemometer over its serial line, keeps a rolling average and
writes it to a small JSON file the website's "fly today?" badge reads.
Started by root at boot so it can tune the receive buffer and claim the
serial port, then continues as the unprivileged "kites" account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import time
from collections import deque
from pathlib import Path

log = logging.getLogger("windd")

TUNABLES = {
    "net/core/rmem_max": "4194304",
    "net/core/rmem_default": "1048576",
}


def tune_kernel(values):
    base = Path("/proc/sys")
    for key, value in values.items():
        node = base / key
        try:
            node.write_text(value + "\n")
            log.info("set %s = %s", key.replace("/", "."), value)
        except OSError as exc:
            log.warning("could not set %s: %s", key, exc)


def claim_port(device, group):
    gid = grp.getgrnam(group).gr_gid
    os.chown(device, 0, gid)
    os.chmod(device, 0o660)
    return os.open(device, os.O_RDONLY | os.O_NOCTTY)


def become(user):
    pw = pwd.getpwnam(user)
    os.setgroups([g.gr_gid for g in grp.getgrall() if user in g.gr_mem])
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (%d)", user, pw.pw_uid)


class Anemometer:
    def __init__(self, fd, window):
        self.stream = os.fdopen(fd, "r", errors="ignore")
        self.samples = deque(maxlen=window)

    def read(self):
        line = self.stream.readline().strip()
        # format: "$WIMWV,<angle>,R,<speed>,M,A*hh"
        parts = line.split(",")
        if len(parts) >= 5 and parts[0].endswith("MWV"):
            try:
                self.samples.append(float(parts[3]))
            except ValueError:
                pass

    def summary(self):
        if not self.samples:
            return None
        avg = sum(self.samples) / len(self.samples)
        return {"avg_ms": round(avg, 1), "gust_ms": round(max(self.samples), 1),
                "fly": 3.0 <= avg <= 11.0, "updated": int(time.time())}


def main():
    ap = argparse.ArgumentParser(description="Roof anemometer daemon")
    ap.add_argument("--device", default=os.environ.get("WIND_TTY", "/dev/ttyUSB0"))
    ap.add_argument("--user", default="kites")
    ap.add_argument("--out", default="/srv/kiteshop/www/wind.json")
    ap.add_argument("--window", type=int, default=120)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() == 0:
        tune_kernel(TUNABLES)
        fd = claim_port(args.device, "dialout")
        become(args.user)
    else:
        fd = os.open(args.device, os.O_RDONLY | os.O_NOCTTY)

    meter = Anemometer(fd, args.window)
    out = Path(args.out)
    last = 0.0
    while True:
        meter.read()
        if time.time() - last >= 30:
            s = meter.summary()
            if s:
                out.write_text(json.dumps(s))
            last = time.time()


if __name__ == "__main__":
    main()
