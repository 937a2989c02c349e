#!/usr/bin/env python3
"""Reception microchip scanner bridge.

Reads ISO 11784/11785 chip numbers from the USB scanner on the reception
desk and shows the matching patient from the nightly patients.csv export,
so staff can check in a pet by scanning it.  Handles first-run setup of the
scanner's serial port on freshly imaged reception PCs.
"""
import argparse
import csv
import logging
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

log = logging.getLogger("chipscan")

CHIP_LINE = re.compile(rb"(\d{3})[ _-]?(\d{12})")
DEFAULT_DEV = "/dev/ttyUSB0"


class PortSetup:
    """Makes the scanner's tty usable by the desk account."""

    def __init__(self, device, baud):
        self.device = device
        self.baud = baud

    def _escalate(self, *cmd):
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if helper is None:
            raise RuntimeError("no pkexec/sudo available to fix port permissions")
        return subprocess.run([helper, *cmd], check=False).returncode == 0

    def ensure_access(self):
        if os.access(self.device, os.R_OK):
            return
        log.info("no access to %s, asking for authorisation", self.device)
        if not self._escalate("chmod", "0666", self.device):
            raise RuntimeError(f"could not open up {self.device}")

    def configure(self):
        cmd = ["stty", "-F", self.device, str(self.baud), "raw", "-echo",
               "cs8", "-cstopb", "-parenb"]
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(f"stty failed: {res.stderr.strip()}")

    def run(self):
        if not Path(self.device).exists():
            raise RuntimeError(f"{self.device} not present - is the scanner plugged in?")
        self.ensure_access()
        self.configure()


def load_patients(path):
    index = {}
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            chip = re.sub(r"\D", "", row.get("microchip", ""))
            if chip:
                index[chip] = row
    log.info("loaded %d chipped patients from %s", len(index), path)
    return index


def read_chips(device):
    """Yield chip numbers as the scanner emits them."""
    buf = b""
    with open(device, "rb", buffering=0) as port:
        while True:
            chunk = port.read(64)
            if not chunk:
                time.sleep(0.05)
                continue
            buf += chunk
            while b"\r" in buf or b"\n" in buf:
                line, _, buf = buf.replace(b"\r", b"\n").partition(b"\n")
                m = CHIP_LINE.search(line)
                if m:
                    yield (m.group(1) + m.group(2)).decode()


def show(chip, patients):
    row = patients.get(chip)
    if not row:
        print(f"\a{chip}: not in our records - check the national registry")
        return
    print(f"{chip}: {row.get('name')} ({row.get('species')}, {row.get('breed')}) "
          f"owner {row.get('owner_last')}, {row.get('owner_phone')} "
          f"next due: {row.get('next_due') or '-'}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--device", default=os.environ.get("CHIPSCAN_DEV", DEFAULT_DEV))
    ap.add_argument("--baud", type=int, default=9600)
    ap.add_argument("--patients", default="patients.csv")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    try:
        patients = load_patients(args.patients)
        PortSetup(args.device, args.baud).run()
    except (OSError, RuntimeError) as exc:
        log.error("%s", exc)
        return 1

    last, last_t = None, 0.0
    try:
        for chip in read_chips(args.device):
            now = time.monotonic()
            if chip == last and now - last_t < 3:
                continue  # scanner repeats while held over the animal
            last, last_t = chip, now
            show(chip, patients)
    except KeyboardInterrupt:
        return 0
    except OSError as exc:
        log.error("scanner disconnected: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
