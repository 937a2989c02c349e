#!/usr/bin/env python3
"""Brood-nest sensor reader for the hive gateway.

Opens the sensor bus on the USB-serial adapter and writes readings as CSV
lines.  Run it under the 'hive' account; it checks up front that the account
can reach the serial port and tells you what to fix if it cannot.

Sensor frames: "$BN,<hive>,<t1>,<t2>,<t3>,<rh>*<xx>" where xx is an XOR checksum.
"""
import argparse
import csv
import getpass
import logging
import os
import subprocess
import sys
import time

log = logging.getLogger("brood-sensor")


def account_groups(user):
    """Group names for *user*, as the login session will see them."""
    proc = subprocess.run(["id", "-nG", user], capture_output=True, text=True, check=False)
    if proc.returncode != 0:
        log.warning("id failed for %s: %s", user, proc.stderr.strip())
        return set()
    return set(proc.stdout.split())


def preflight(device, user):
    if not os.path.exists(device):
        log.error("%s not present - is the adapter plugged in?", device)
        return False
    if os.access(device, os.R_OK | os.W_OK):
        return True
    groups = account_groups(user)
    if "dialout" not in groups:
        log.error("%s is not in the dialout group; ask the admin to add it, "
                  "then log in again", user)
    else:
        log.error("%s is in dialout but the session predates it; log out and in", user)
    return False


def nmea_checksum(body):
    c = 0
    for ch in body:
        c ^= ord(ch)
    return f"{c:02X}"


def parse(line):
    line = line.strip()
    if not line.startswith("$BN,") or "*" not in line:
        return None
    body, _, cs = line[1:].partition("*")
    if nmea_checksum(body) != cs.upper():
        log.debug("checksum mismatch: %s", line)
        return None
    parts = body.split(",")
    if len(parts) != 6:
        return None
    _, hive, t1, t2, t3, rh = parts
    try:
        temps = [float(t1), float(t2), float(t3)]
        return {"ts": int(time.time()), "hive": hive, "t_core": max(temps),
                "t_mean": round(sum(temps) / 3, 2), "rh": float(rh)}
    except ValueError:
        return None


def open_port(device, baud):
    import serial
    return serial.Serial(device, baud, timeout=2)


def run(port, out_path):
    new_file = not os.path.exists(out_path)
    with open(out_path, "a", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=["ts", "hive", "t_core", "t_mean", "rh"])
        if new_file:
            writer.writeheader()
        while True:
            raw = port.readline().decode("ascii", "replace")
            rec = parse(raw) if raw else None
            if rec:
                writer.writerow(rec)
                fh.flush()
                if rec["t_core"] < 32.0:
                    log.warning("%s brood nest at %.1f C - check for queenlessness",
                                rec["hive"], rec["t_core"])


def main():
    ap = argparse.ArgumentParser(description="Brood-nest sensor reader")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--baud", type=int, default=19200)
    ap.add_argument("--out", default="brood_temps.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    user = getpass.getuser()
    if not preflight(args.device, user):
        return 1

    try:
        port = open_port(args.device, args.baud)
    except Exception as exc:  # serial.SerialException and friends
        log.error("cannot open %s: %s", args.device, exc)
        return 1

    log.info("reading %s as %s", args.device, user)
    try:
        run(port, args.out)
    except KeyboardInterrupt:
        pass
    finally:
        port.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
