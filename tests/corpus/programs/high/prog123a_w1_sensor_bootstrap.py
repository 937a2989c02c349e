#!/usr/bin/env python3
"""Prepare a Raspberry Pi in the chiller corridor for 1-Wire temperature probes.

Checks that the w1-gpio overlay is enabled in the boot config on the right
GPIO pin, loads the 1-Wire kernel drivers for the current boot so the probes
show up without a reboot, and prints the probe serials so they can be named
in coldroom.json.
"""
import argparse
import logging
import os
import pathlib
import re
import shutil
import subprocess
import sys
import time

log = logging.getLogger("w1-bootstrap")

BOOT_CONFIGS = ("/boot/firmware/config.txt", "/boot/config.txt")
W1_DEVICES = pathlib.Path("/sys/bus/w1/devices")
MODULES = ("w1-gpio", "w1-therm")


def find_boot_config():
    for c in BOOT_CONFIGS:
        if os.path.exists(c):
            return pathlib.Path(c)
    raise FileNotFoundError("no Raspberry Pi boot config found; is this a Pi?")


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "--non-interactive"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=False, capture_output=True, text=True)


class BootConfig:
    overlay_re = re.compile(r"^\s*dtoverlay\s*=\s*w1-gpio(?:,gpiopin=(\d+))?\s*$", re.M)

    def __init__(self, path):
        self.path = path
        self.text = path.read_text()

    def current_pin(self):
        m = self.overlay_re.search(self.text)
        if not m:
            return None
        return int(m.group(1) or 4)

    def set_pin(self, pin):
        line = "dtoverlay=w1-gpio" if pin == 4 else "dtoverlay=w1-gpio,gpiopin=%d" % pin
        if self.overlay_re.search(self.text):
            self.text = self.overlay_re.sub(line, self.text)
        else:
            self.text = self.text.rstrip("\n") + "\n\n# 1-Wire probes (cold room logger)\n" + line + "\n"

    def save(self):
        backup = self.path.with_suffix(".txt.bak-%d" % int(time.time()))
        shutil.copy2(self.path, backup)
        self.path.write_text(self.text)
        log.info("updated %s (backup %s)", self.path, backup.name)


def load_modules(pin):
    for mod in MODULES:
        args = ["modprobe", mod]
        if mod == "w1-gpio" and pin != 4:
            args.append("gpiopin=%d" % pin)
        r = privileged(args)
        if r.returncode != 0:
            log.error("modprobe %s failed: %s", mod, r.stderr.strip())
            return False
    return True


def list_probes(wait):
    deadline = time.time() + wait
    found = []
    while time.time() < deadline:
        found = sorted(p.name for p in W1_DEVICES.glob("28-*")) if W1_DEVICES.exists() else []
        if found:
            break
        time.sleep(1)
    return found


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pin", type=int, default=4, help="BCM GPIO pin the probe bus is on")
    ap.add_argument("--no-modprobe", action="store_true")
    ap.add_argument("--wait", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    try:
        cfg = BootConfig(find_boot_config())
    except FileNotFoundError as exc:
        log.error("%s", exc)
        return 2

    pin = cfg.current_pin()
    if pin != args.pin:
        log.info("w1-gpio overlay %s; setting gpiopin=%d",
                 "missing" if pin is None else "on pin %d" % pin, args.pin)
        cfg.set_pin(args.pin)
        try:
            cfg.save()
        except PermissionError:
            log.error("cannot write %s - run with sudo", cfg.path)
            return 1
    else:
        log.info("overlay already enabled on GPIO%d", pin)

    if not args.no_modprobe and not load_modules(args.pin):
        return 1

    probes = list_probes(args.wait)
    if not probes:
        log.warning("no probes found yet; check wiring and the 4.7k pull-up, or reboot")
        return 1
    print("probes found:")
    for p in probes:
        print("  %s" % p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
