#!/usr/bin/env python3
"""Make a plugged-in hardware wallet usable by the signing daemon.

Finds Ledger / Trezor / Keystone devices among the hidraw nodes and hands the
matching /dev/hidraw* node to the signer's user with group read/write access,
so the unprivileged signing service can talk to it without running as root.
"""
import argparse
import grp
import logging
import os
import pwd
import re
import sys
from pathlib import Path

log = logging.getLogger("hw-wallet")

KNOWN_VENDORS = {
    "2c97": "Ledger",
    "1209": "Trezor (pid.codes)",
    "534c": "Trezor One",
    "1fc9": "Keystone",
}
HID_ID_RE = re.compile(r"HID_ID=\w+:0000(?P<vid>[0-9A-Fa-f]{4}):0000(?P<pid>[0-9A-Fa-f]{4})")


def scan_hidraw():
    found = []
    for node in sorted(Path("/sys/class/hidraw").glob("hidraw*")):
        uevent = node / "device" / "uevent"
        try:
            text = uevent.read_text()
        except OSError:
            continue
        m = HID_ID_RE.search(text)
        if not m:
            continue
        vid = m.group("vid").lower()
        if vid in KNOWN_VENDORS:
            name = re.search(r"HID_NAME=(.*)", text)
            found.append({"dev": Path("/dev") / node.name, "vendor": KNOWN_VENDORS[vid],
                          "pid": m.group("pid").lower(),
                          "name": name.group(1) if name else "?"})
    return found


def grant(dev, user, group, mode):
    uid = pwd.getpwnam(user).pw_uid
    gid = grp.getgrnam(group).gr_gid
    st = dev.stat()
    if st.st_uid == uid and st.st_gid == gid and (st.st_mode & 0o777) == mode:
        log.info("%s already owned by %s:%s", dev, user, group)
        return False
    os.chown(dev, uid, gid)
    os.chmod(dev, mode)
    log.info("%s -> %s:%s mode %o", dev, user, group, mode)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default="signer")
    ap.add_argument("--group", default="plugdev")
    ap.add_argument("--mode", default="660", help="octal mode for the device node")
    ap.add_argument("--list", action="store_true", help="only list wallets")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    wallets = scan_hidraw()
    if not wallets:
        log.warning("no hardware wallet detected")
        return 1
    for w in wallets:
        log.info("%-10s %-20s pid=%s %s", w["dev"].name, w["vendor"], w["pid"], w["name"])
    if args.list:
        return 0

    mode = int(args.mode, 8)
    changed = 0
    for w in wallets:
        try:
            changed += grant(w["dev"], args.user, args.group, mode)
        except KeyError as exc:
            log.error("unknown user/group: %s", exc)
            return 2
        except PermissionError:
            log.error("permission denied on %s (run as root)", w["dev"])
            return 3
    log.info("%d device node(s) updated", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
