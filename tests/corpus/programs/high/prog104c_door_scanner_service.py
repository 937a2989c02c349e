#!/usr/bin/env python3
"""Door scanner service for concert-night ticket checking.

Each auditorium door has a serial (CDC-ACM) barcode scanner on a small Linux
box.  This service reads scanned ticket barcodes, validates them against the
box-office API and drives the green/red LED on the scanner.

First start (as root, from the provisioning image) installs a udev rule so
the scanner always appears as /dev/door-scanner and is owned by the
``boxoffice`` group, then the process drops to the ``boxoffice`` account for
the rest of the night.

Environment:
    BOXOFFICE_API, BOXOFFICE_SCAN_KEY, DOOR_NAME
"""
import argparse
import grp
import logging
import os
import pwd
import subprocess
import sys
import time
from pathlib import Path

import requests
import serial

log = logging.getLogger("door_scanner")

API_BASE = os.environ.get("BOXOFFICE_API", "https://api.boxoffice.example/v3").rstrip("/")
RULE_PATH = Path("/etc/udev/rules.d/71-door-scanner.rules")
DEVICE_LINK = "/dev/door-scanner"
SERVICE_USER = "boxoffice"
LED_OK, LED_FAIL = b"\x16G\r", b"\x16R\r"   # vendor command prefix (SYN) + colour


class ScannerSetup:
    vendor_id = "05f9"
    product_id = "4204"

    @classmethod
    def rule_text(cls) -> str:
        return (
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{cls.vendor_id}", '
            f'ATTRS{{idProduct}}=="{cls.product_id}", SYMLINK+="door-scanner", '
            f'GROUP="{SERVICE_USER}", MODE="0660"\n'
        )

    @classmethod
    def install_rule(cls) -> None:
        text = cls.rule_text()
        if RULE_PATH.exists() and RULE_PATH.read_text() == text:
            return
        RULE_PATH.write_text(text)
        os.chmod(RULE_PATH, 0o644)
        subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
        subprocess.run(["udevadm", "trigger", "--subsystem-match=tty"], check=False)
        log.info("installed %s", RULE_PATH)
        time.sleep(1.5)


def drop_privileges(username: str) -> None:
    if os.geteuid() != 0:
        return
    pw = pwd.getpwnam(username)
    groups = [g.gr_gid for g in grp.getgrall() if username in g.gr_mem]
    os.setgroups(groups)
    os.setgid(pw.pw_gid)
    os.setuid(pw.pw_uid)
    os.environ["HOME"] = pw.pw_dir
    log.info("running as %s (uid %d)", username, pw.pw_uid)


class TicketValidator:
    def __init__(self, door: str):
        key = os.environ.get("BOXOFFICE_SCAN_KEY")
        if not key:
            raise SystemExit("BOXOFFICE_SCAN_KEY not set")
        self.door = door
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {key}"
        self.seen: set[str] = set()

    def check(self, code: str) -> tuple[bool, str]:
        if code in self.seen:
            return False, "already scanned at this door"
        try:
            r = self.session.post(f"{API_BASE}/admissions",
                                  json={"barcode": code, "door": self.door}, timeout=5)
        except requests.RequestException as exc:
            log.warning("API unreachable (%s), admitting offline", exc)
            self.seen.add(code)
            return True, "offline admit"
        if r.status_code == 200:
            self.seen.add(code)
            body = r.json()
            return True, f"{body.get('seat', '')} {body.get('performance', '')}".strip()
        return False, r.json().get("reason", f"HTTP {r.status_code}")


def serve(port: serial.Serial, validator: TicketValidator) -> None:
    buf = b""
    while True:
        chunk = port.read(64)
        if not chunk:
            continue
        buf += chunk
        while b"\r" in buf:
            raw, buf = buf.split(b"\r", 1)
            code = raw.strip().decode("ascii", "ignore")
            if not code:
                continue
            ok, info = validator.check(code)
            port.write(LED_OK if ok else LED_FAIL)
            log.info("%s %s %s", "ADMIT" if ok else "REJECT", code[-6:], info)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description="Concert door ticket scanner")
    ap.add_argument("--door", default=os.environ.get("DOOR_NAME", "stalls-left"))
    ap.add_argument("--device", default=DEVICE_LINK)
    ap.add_argument("--baud", type=int, default=9600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if os.geteuid() == 0:
        try:
            ScannerSetup.install_rule()
        except OSError as exc:
            log.error("could not install udev rule: %s", exc)
    drop_privileges(SERVICE_USER)

    validator = TicketValidator(args.door)
    while True:
        try:
            with serial.Serial(args.device, args.baud, timeout=1) as port:
                log.info("door %s ready on %s", args.door, args.device)
                serve(port, validator)
        except serial.SerialException as exc:
            log.error("scanner problem: %s; retrying in 5s", exc)
            time.sleep(5)
        except KeyboardInterrupt:
            return 0


if __name__ == "__main__":
    sys.exit(main())
