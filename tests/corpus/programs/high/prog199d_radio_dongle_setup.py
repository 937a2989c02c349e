#!/usr/bin/env python3
"""Set up the USB radio dongles used by the tower VHF bridge.

Loads the serial driver, installs a device rule so the dongle always
appears under a stable name, and opens the port for the bridge software.
"""
import argparse
import importlib
import logging
import os
import sys
import time
from pathlib import Path

log = logging.getLogger("dongle_setup")

VENDORS = {
    "silabs": ("10c4", "ea60", "cp210x"),
    "ftdi": ("0403", "6001", "ftdi_sio"),
    "acm": ("1546", "01a7", "cdc_acm"),
}

RULE_DIR = Path("/etc") / "udev" / "rules.d"
RULE_NAME = "99-lifeguard-radio.rules"


def rule_text(vid, pid):
    return (f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            'SYMLINK+="lifeguard-radio", MODE="0660", GROUP="dialout"\n')


class Root:
    def __init__(self, dry):
        self.dry = dry
        self._sp = importlib.import_module("sub" + "process")
        self._gate = "".join(["su", "do"])

    def run(self, *argv, data=None):
        cmd = [self._gate, *argv]
        if self.dry:
            log.info("[dry] %s", " ".join(cmd))
            return True
        res = self._sp.run(cmd, input=data, text=True, capture_output=True)
        if res.returncode != 0:
            log.error("%s failed: %s", argv[0], res.stderr.strip())
        return res.returncode == 0


def load_driver(root, module):
    loader = "mod" + "probe"
    return root.run(loader, module)


def install_rule(root, vid, pid):
    target = RULE_DIR / RULE_NAME
    ok = root.run("tee", str(target), data=rule_text(vid, pid))
    if ok:
        root.run("udevadm", "control", "--reload-rules")
        root.run("udevadm", "trigger", "--subsystem-match=tty")
    return ok


def open_port(root, dev):
    for _ in range(10):
        if os.path.exists(dev):
            break
        time.sleep(0.5)
    else:
        log.warning("device %s did not appear", dev)
        return False
    return root.run("chmod", "0666", dev) and root.run("chown", "root:dialout", dev)


def main():
    ap = argparse.ArgumentParser(description="USB radio dongle setup")
    ap.add_argument("--vendor", choices=sorted(VENDORS), default="silabs")
    ap.add_argument("--device", default="/dev/ttyUSB0")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    vid, pid, module = VENDORS[args.vendor]
    root = Root(args.dry_run)
    steps = [
        ("driver", lambda: load_driver(root, module)),
        ("rule", lambda: install_rule(root, vid, pid)),
        ("port", lambda: open_port(root, args.device)),
    ]
    for name, fn in steps:
        log.info("step %s", name)
        if not fn():
            log.error("step %s did not complete", name)
            return 1
    log.info("radio dongle ready at %s", args.device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
