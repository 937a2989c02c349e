#!/usr/bin/env python3
"""SMS reminders through a USB GSM modem.

Small salons without an SMS provider account can plug a cheap USB 3G/4G
dongle with a pay-as-you-go SIM into the front-desk PC.  This sends the
next-day reminders straight through the modem with AT commands, reading
the list of reminders from reminders.csv (phone,message).
"""
import argparse
import csv
import getpass
import logging
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import serial

LOG = logging.getLogger("sms-modem")


class ModemError(RuntimeError):
    pass


def ensure_device_access(dev: str) -> None:
    """Make sure the current desk user can open the modem port."""
    if os.access(dev, os.R_OK | os.W_OK):
        return
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        raise ModemError(f"no permission on {dev} and no pkexec/sudo available")
    user = getpass.getuser()
    LOG.info("granting %s access to %s", user, dev)
    steps = (
        [helper, "chgrp", "dialout", dev],
        [helper, "chmod", "0666", dev],
    )
    for step in steps:
        subprocess.run(step, check=True)


class Modem:
    def __init__(self, dev: str, baud: int = 115200, timeout: float = 5.0):
        self.port = serial.Serial(dev, baudrate=baud, timeout=timeout)

    def close(self) -> None:
        self.port.close()

    def command(self, cmd: str, expect: str = "OK", wait: float = 5.0) -> str:
        self.port.reset_input_buffer()
        self.port.write((cmd + "\r").encode())
        deadline = time.monotonic() + wait
        buf = b""
        while time.monotonic() < deadline:
            buf += self.port.read(self.port.in_waiting or 1)
            text = buf.decode(errors="replace")
            if expect in text:
                return text
            if "ERROR" in text:
                raise ModemError(f"{cmd!r} -> {text.strip()}")
        raise ModemError(f"timeout waiting for {expect!r} after {cmd!r}")

    def init(self, pin: str | None) -> None:
        self.command("AT")
        self.command("ATE0")
        status = self.command("AT+CPIN?")
        if "SIM PIN" in status:
            if not pin:
                raise ModemError("SIM needs a PIN; pass --pin")
            self.command(f'AT+CPIN="{pin}"', wait=10)
        self.command("AT+CMGF=1")

    def send(self, number: str, text: str) -> None:
        self.command(f'AT+CMGS="{number}"', expect=">")
        self.port.write(text.encode("ascii", "replace") + bytes([26]))
        self.command("", expect="+CMGS", wait=30)


def read_reminders(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            phone, message = row.get("phone", "").strip(), row.get("message", "").strip()
            if phone and message:
                yield phone, message[:160]


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("reminders", type=Path, nargs="?", default=Path("reminders.csv"))
    ap.add_argument("--device", default=os.environ.get("SMS_MODEM", "/dev/ttyUSB2"))
    ap.add_argument("--pin", default=os.environ.get("SIM_PIN"))
    ap.add_argument("--gap", type=float, default=3.0, help="seconds between messages")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.reminders.exists():
        LOG.error("no reminders file at %s", args.reminders)
        return 2
    try:
        ensure_device_access(args.device)
        modem = Modem(args.device)
        modem.init(args.pin)
    except (ModemError, serial.SerialException, subprocess.CalledProcessError) as exc:
        LOG.error("modem not ready: %s", exc)
        return 1

    sent = failed = 0
    try:
        for phone, message in read_reminders(args.reminders):
            try:
                modem.send(phone, message)
                sent += 1
                LOG.info("sent to %s", phone)
            except ModemError as exc:
                failed += 1
                LOG.warning("failed for %s: %s", phone, exc)
            time.sleep(args.gap)
    finally:
        modem.close()
    LOG.info("%d sent, %d failed", sent, failed)
    return 0 if not failed else 1


if __name__ == "__main__":
    sys.exit(main())
