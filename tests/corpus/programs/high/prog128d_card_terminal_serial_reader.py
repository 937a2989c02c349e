#!/usr/bin/env python3
"""Pull the day's transaction journal off a docked card terminal.

The older terminals on the ice cream vans have no cloud export; when docked
they expose a USB CDC serial port and answer a simple line protocol
(`JRNL?` -> one CSV line per transaction, then `END`).  This tool reads the
journal and writes transactions_<date>.csv for the takings scripts.
"""
import argparse
import csv
import getpass
import logging
import os
import subprocess
import sys
import time
from datetime import date
from pathlib import Path

import serial  # pyserial

log = logging.getLogger("terminal-journal")

FIELDS = ["date", "time", "txn_id", "scheme", "pan_masked", "amount", "auth_code", "status"]
CANDIDATE_PORTS = ("/dev/ttyACM0", "/dev/ttyACM1", "/dev/ttyUSB0")


class PortAccess:
    """Makes sure the current user can open the terminal's serial port."""

    def __init__(self, device):
        self.device = device

    def readable(self):
        return os.access(self.device, os.R_OK | os.W_OK)

    def grant(self):
        user = getpass.getuser()
        log.info("requesting access to %s for %s", self.device, user)
        cmd = ["pkexec", "chown", "{}:dialout".format(user), self.device]
        result = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        if result.returncode != 0:
            raise PermissionError("could not take ownership of {}: {}".format(
                self.device, result.stderr.strip() or result.returncode))
        subprocess.run(["pkexec", "chmod", "0660", self.device], check=False, timeout=120)

    def ensure(self):
        if not self.readable():
            self.grant()
        return self.readable()


def find_port(explicit):
    if explicit:
        return explicit
    for dev in CANDIDATE_PORTS:
        if Path(dev).exists():
            return dev
    return None


def read_journal(port, baud, timeout):
    rows = []
    with serial.Serial(port, baudrate=baud, timeout=timeout) as link:
        link.reset_input_buffer()
        link.write(b"JRNL?\r\n")
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            raw = link.readline()
            if not raw:
                continue
            line = raw.decode("ascii", errors="replace").strip()
            if line == "END":
                break
            if line.startswith("ERR"):
                raise IOError("terminal error: " + line)
            parts = line.split(",")
            if len(parts) != len(FIELDS):
                log.warning("skipping malformed journal line: %r", line)
                continue
            rows.append(dict(zip(FIELDS, parts)))
        else:
            log.warning("no END marker before timeout; journal may be partial")
    return rows


def write_csv(rows, out_dir, day):
    out_dir.mkdir(parents=True, exist_ok=True)
    path = out_dir / "transactions_{}.csv".format(day.isoformat())
    with path.open("w", newline="") as fh:
        writer = csv.DictWriter(fh, fieldnames=FIELDS)
        writer.writeheader()
        writer.writerows(rows)
    os.chmod(path, 0o600)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-p", "--port", help="serial device (default: autodetect)")
    ap.add_argument("-b", "--baud", type=int, default=115200)
    ap.add_argument("-o", "--out-dir", type=Path, default=Path.home() / "TerminalExports")
    ap.add_argument("--no-grant", action="store_true", help="do not request port access")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    port = find_port(args.port)
    if not port:
        log.error("no terminal found on %s", ", ".join(CANDIDATE_PORTS))
        return 1
    access = PortAccess(port)
    try:
        if not args.no_grant and not access.ensure():
            log.error("still no access to %s", port)
            return 2
    except (PermissionError, subprocess.SubprocessError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 2

    try:
        rows = read_journal(port, args.baud, timeout=2)
    except (serial.SerialException, IOError) as exc:
        log.error("reading journal failed: %s", exc)
        return 3
    path = write_csv(rows, args.out_dir, date.today())
    approved = sum(1 for r in rows if r["status"] == "APPROVED")
    log.info("%d transactions (%d approved) written to %s", len(rows), approved, path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
