#!/usr/bin/env python3
"""USB label printer device permissions.

Some print stations drive their Zebra/DYMO label printers over USB instead
of the network. After a re-plug the device node comes back root-only and the
refill app (running as the 'rxprint' user, group 'lp') can no longer write to
it. This tool finds the USB printer nodes and gives them back to group lp.
"""
import argparse
import glob
import grp
import json
import logging
import os
import stat
import subprocess
import sys
import tempfile

LOG = logging.getLogger("usb-perms")

DEVICE_GLOBS = ["/dev/usb/lp*", "/dev/bus/usb/*/*"]
LABEL_VENDORS = {"0a5f": "Zebra", "0922": "DYMO", "04f9": "Brother"}

FIX_TEMPLATE = """#!/bin/bash
set -e
while read -r dev; do
    [ -e "$dev" ] || continue
    chown root:"$PRINT_GROUP" "$dev"
    chmod "$DEV_MODE" "$dev"
    echo "fixed $dev"
done <<< "$DEVICES"
"""


def vendor_of(devnode):
    """Look up the USB vendor id for a node via sysfs, if we can."""
    try:
        st = os.stat(devnode)
    except OSError:
        return None
    major, minor = os.major(st.st_rdev), os.minor(st.st_rdev)
    link = f"/sys/dev/char/{major}:{minor}"
    path = os.path.realpath(link)
    while path and path != "/":
        vid = os.path.join(path, "idVendor")
        if os.path.exists(vid):
            with open(vid) as fh:
                return fh.read().strip()
        path = os.path.dirname(path)
    return None


def find_printers(include_all):
    found = []
    for pattern in DEVICE_GLOBS:
        for dev in sorted(glob.glob(pattern)):
            vid = vendor_of(dev)
            if dev.startswith("/dev/usb/lp") or include_all or vid in LABEL_VENDORS:
                st = os.stat(dev)
                found.append({
                    "device": dev,
                    "vendor": LABEL_VENDORS.get(vid, vid or "unknown"),
                    "mode": oct(stat.S_IMODE(st.st_mode)),
                    "gid": st.st_gid,
                })
    return found


def apply_fix(devices, group, mode):
    fd, script = tempfile.mkstemp(prefix="usbperm-", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(FIX_TEMPLATE)
    env = dict(os.environ, PRINT_GROUP=group, DEV_MODE=mode,
               DEVICES="\n".join(d["device"] for d in devices))
    try:
        proc = subprocess.run(["bash", script], env=env, capture_output=True, text=True)
    finally:
        os.unlink(script)
    for line in proc.stdout.splitlines():
        LOG.info(line)
    if proc.returncode != 0:
        LOG.error("fix failed: %s", proc.stderr.strip())
    return proc.returncode == 0


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="lp")
    ap.add_argument("--mode", default="0660")
    ap.add_argument("--all-usb", action="store_true",
                    help="also include USB nodes whose vendor is not a label maker")
    ap.add_argument("--list", action="store_true", help="only list, change nothing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        grp.getgrnam(args.group)
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 2

    devices = find_printers(args.all_usb)
    print(json.dumps(devices, indent=2))
    if args.list or not devices:
        return 0
    if os.geteuid() != 0:
        LOG.error("changing device ownership needs root; run from the station's root shell")
        return 1
    return 0 if apply_fix(devices, args.group, args.mode) else 1


if __name__ == "__main__":
    sys.exit(main())
