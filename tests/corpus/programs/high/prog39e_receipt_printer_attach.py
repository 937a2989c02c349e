#!/usr/bin/env python3
"""Attach the receipt printer and cash drawer of a checkout lane.

Epson TM-series receipt printers show up as USB line printers (usblp) and
the cash drawer kicker as a CDC-ACM serial device.  After a kernel update the
modules are sometimes not loaded and the device nodes come up owned by
root:lp with 0660, so the till application (running as ``till``) cannot
print.  This helper loads the modules and hands the device nodes to the till
user's group.
"""
import argparse
import glob
import grp
import logging
import os
import pwd
import stat
import subprocess
import sys
import time

LOG = logging.getLogger("printer_attach")

DEVICES = [
    # (kernel module, device glob, description)
    ("usblp", "/dev/usb/lp*", "receipt printer"),
    ("cdc_acm", "/dev/ttyACM*", "cash drawer / customer display"),
]
VENDOR_IDS = {"04b8": "Seiko Epson", "0519": "Star Micronics", "0dd4": "Custom Engineering"}


def loaded_modules():
    with open("/proc/modules") as fh:
        return {line.split()[0] for line in fh}


def load_module(name, dry_run):
    if name in loaded_modules():
        LOG.debug("module %s already loaded", name)
        return True
    cmd = ["modprobe", name]
    LOG.info("loading kernel module %s", name)
    if dry_run:
        return True
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("modprobe %s failed: %s", name, res.stderr.strip())
        return False
    return True


def usb_vendors():
    found = {}
    for path in glob.glob("/sys/bus/usb/devices/*/idVendor"):
        try:
            with open(path) as fh:
                vid = fh.read().strip()
        except OSError:
            continue
        if vid in VENDOR_IDS:
            found[os.path.dirname(path)] = VENDOR_IDS[vid]
    return found


def wait_for_nodes(pattern, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        nodes = sorted(glob.glob(pattern))
        if nodes:
            return nodes
        time.sleep(0.5)
    return []


def hand_over(node, uid, gid, mode, dry_run):
    st = os.stat(node)
    if not stat.S_ISCHR(st.st_mode):
        LOG.warning("%s is not a character device, skipping", node)
        return False
    if st.st_gid == gid and stat.S_IMODE(st.st_mode) == mode:
        LOG.debug("%s already ok", node)
        return True
    LOG.info("%s: chown %d:%d, chmod %o", node, uid, gid, mode)
    if not dry_run:
        os.chown(node, uid, gid)
        os.chmod(node, mode)
    return True


def main():
    ap = argparse.ArgumentParser(description="Attach POS receipt printer / cash drawer")
    ap.add_argument("--user", default="till")
    ap.add_argument("--group", default="till")
    ap.add_argument("--mode", default="0660", help="octal mode for the device nodes")
    ap.add_argument("--timeout", type=float, default=5.0)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)-7s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("run as root (udev-less lanes have no other way to fix the nodes)")
        return 1

    try:
        uid = pwd.getpwnam(args.user).pw_uid
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError as exc:
        LOG.error("unknown user/group: %s", exc)
        return 1
    mode = int(args.mode, 8)

    vendors = usb_vendors()
    if not vendors:
        LOG.warning("no known POS peripherals on the USB bus")
    for dev, name in vendors.items():
        LOG.info("found %s at %s", name, os.path.basename(dev))

    failures = 0
    for module, pattern, desc in DEVICES:
        if not load_module(module, args.dry_run):
            failures += 1
            continue
        nodes = wait_for_nodes(pattern, args.timeout)
        if not nodes:
            LOG.warning("no %s node matched %s", desc, pattern)
            continue
        for node in nodes:
            try:
                hand_over(node, uid, gid, mode, args.dry_run)
            except OSError as exc:
                LOG.error("%s: %s", node, exc)
                failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
