#!/usr/bin/env python3
"""Open the tool-shed electric strike from the Ashgrove pavilion Pi.

The communal tool shed has a 12V electric strike on a relay board wired to a
GPIO pin.  Members enter their code on the kiosk keypad; the kiosk calls this
with the code and, if it matches the synced code list (shed_codes.json), the
relay is pulsed for a few seconds.  Every attempt goes into shed_access.log.
"""
import argparse
import hashlib
import hmac
import json
import logging
import time
from pathlib import Path

log = logging.getLogger("shed-relay")

GPIO_ROOT = Path("/sys/class/gpio")


class SysfsRelay:
    """Drives one relay channel through the sysfs GPIO interface."""

    def __init__(self, pin, active_low=True):
        self.pin = pin
        self.active_low = active_low
        self.node = GPIO_ROOT / f"gpio{pin}"

    def _write(self, path, value):
        with open(path, "w") as fh:
            fh.write(str(value))

    def setup(self):
        if not self.node.exists():
            self._write(GPIO_ROOT / "export", self.pin)
            for _ in range(20):  # the node appears asynchronously
                if (self.node / "direction").exists():
                    break
                time.sleep(0.05)
        self._write(self.node / "direction", "out")
        self._write(self.node / "active_low", 1 if self.active_low else 0)
        self.set(False)

    def set(self, on):
        self._write(self.node / "value", 1 if on else 0)

    def pulse(self, seconds):
        self.set(True)
        try:
            time.sleep(seconds)
        finally:
            self.set(False)

    def release(self):
        try:
            self._write(GPIO_ROOT / "unexport", self.pin)
        except OSError:
            pass


def load_codes(path):
    data = json.loads(Path(path).read_text())
    # codes are stored hashed with the site salt by the sync job
    return data["salt"], {entry["hash"]: entry["member"] for entry in data["codes"]}


def check_code(code, salt, table):
    digest = hashlib.pbkdf2_hmac("sha256", code.encode(), salt.encode(), 100_000).hex()
    for known, member in table.items():
        if hmac.compare_digest(known, digest):
            return member
    return None


def audit(path, member, ok):
    stamp = time.strftime("%Y-%m-%d %H:%M:%S")
    with open(path, "a") as fh:
        fh.write(f"{stamp}\t{'OPEN' if ok else 'DENY'}\t{member or '-'}\n")


def main():
    ap = argparse.ArgumentParser(description="Pulse the shed strike relay for a valid code")
    ap.add_argument("code", help="code entered on the keypad")
    ap.add_argument("--pin", type=int, default=17)
    ap.add_argument("--seconds", type=float, default=4.0)
    ap.add_argument("--codes", default="shed_codes.json")
    ap.add_argument("--audit-log", default="shed_access.log")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    try:
        salt, table = load_codes(args.codes)
    except (OSError, KeyError, ValueError) as exc:
        log.error("cannot load codes: %s", exc)
        return 2

    member = check_code(args.code, salt, table)
    audit(args.audit_log, member, member is not None)
    if member is None:
        log.warning("code rejected")
        time.sleep(2)  # slow down guessing at the keypad
        return 1

    relay = SysfsRelay(args.pin)
    try:
        relay.setup()
        log.info("opening shed for %s", member)
        relay.pulse(args.seconds)
    except OSError as exc:
        log.error("relay error on GPIO%d: %s", args.pin, exc)
        return 3
    finally:
        relay.release()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
