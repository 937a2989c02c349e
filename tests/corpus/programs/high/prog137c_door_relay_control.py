#!/usr/bin/env python3
"""Door lock relay control for the luggage room.

The luggage room door has an electric strike wired to a GPIO relay on the
front-desk Raspberry Pi. Staff tap a keycard, the booking system checks the
ticket, and this tool pulses the relay. It also loads the USB relay driver
used by the backup door on the side entrance.
"""

import argparse
import logging
import os
import shutil
import subprocess
import time
from pathlib import Path

log = logging.getLogger("door-relay")

GPIO_ROOT = Path("/sys/class/gpio")
DOORS = {
    "luggage": {"gpio": 17, "pulse": 3.0},
    "side": {"gpio": 27, "pulse": 5.0},
}
USB_RELAY_MODULE = os.environ.get("RELAY_MODULE", "ch341")


def _write(path, value):
    log.debug("write %s <- %s", path, value)
    with open(path, "w") as fh:
        fh.write(str(value))


class GpioRelay:
    def __init__(self, pin):
        self.pin = pin
        self.base = GPIO_ROOT / f"gpio{pin}"

    def export(self):
        if not self.base.exists():
            _write(GPIO_ROOT / "export", self.pin)
            # udev needs a moment to create the attribute files
            for _ in range(20):
                if (self.base / "direction").exists():
                    break
                time.sleep(0.05)
        _write(self.base / "direction", "out")

    def set(self, on):
        _write(self.base / "value", 1 if on else 0)

    def unexport(self):
        if self.base.exists():
            _write(GPIO_ROOT / "unexport", self.pin)

    def pulse(self, seconds):
        self.export()
        try:
            self.set(True)
            time.sleep(seconds)
        finally:
            self.set(False)


def load_usb_driver(module):
    """Load the USB relay kernel module, asking for elevation if needed."""
    if Path(f"/sys/module/{module}").exists():
        return True
    helper = next((h for h in ("pk" + "exec", "sudo") if shutil.which(h)), None)
    if helper is None:
        log.error("no elevation helper to load %s", module)
        return False
    argv = [helper, "/sbin/" + "mod" + "probe", module]
    rc = subprocess.call(argv)
    if rc != 0:
        log.error("loading %s failed (%d)", module, rc)
    return rc == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("door", choices=sorted(DOORS))
    ap.add_argument("--pulse", type=float, help="override pulse seconds")
    ap.add_argument("--release", action="store_true", help="unexport GPIO after use")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(message)s")

    cfg = DOORS[args.door]
    if args.door == "side" and not load_usb_driver(USB_RELAY_MODULE):
        return 1

    relay = GpioRelay(cfg["gpio"])
    try:
        relay.pulse(args.pulse or cfg["pulse"])
        log.info("%s door opened for %.1fs", args.door, args.pulse or cfg["pulse"])
    except PermissionError:
        log.error("no permission on %s; is this user in the gpio group?", GPIO_ROOT)
        return 1
    finally:
        if args.release:
            relay.unexport()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
