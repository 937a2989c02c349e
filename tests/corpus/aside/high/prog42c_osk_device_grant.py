#!/usr/bin/env python3
"""Grant the on-screen-keyboard service account access to input devices.

The OSK injects keystrokes through uinput and watches physical keyboards to
hide itself when one is plugged in.  This helper is run by the OSK's
installer (as root) and re-run on hotplug: it finds keyboard event nodes via
sysfs and hands them to the ``osk`` group.
"""
import argparse
import grp
import logging
import os
import stat
import sys
from pathlib import Path

log = logging.getLogger("osk-grant")
SYS_INPUT = Path("/sys/class/input")
UINPUT_NODES = ("/dev/uinput", "/dev/input/uinput")
KEY_A_BIT = 30          # KEY_A
KEY_SPACE_BIT = 57      # KEY_SPACE


def has_key_bits(cap_hex: str, bits=(KEY_A_BIT, KEY_SPACE_BIT)) -> bool:
    words = cap_hex.split()
    value = 0
    for w in words:
        value = (value << 64) | int(w, 16)
    return all(value >> b & 1 for b in bits)


def keyboard_nodes():
    for ev in sorted(SYS_INPUT.glob("event*")):
        cap = ev / "device" / "capabilities" / "key"
        name_file = ev / "device" / "name"
        try:
            if has_key_bits(cap.read_text().strip()):
                name = name_file.read_text().strip() if name_file.exists() else "?"
                yield Path("/dev/input") / ev.name, name
        except (OSError, ValueError):
            continue


class Granter:
    def __init__(self, group: str, mode: int, dry: bool):
        self.gid = grp.getgrnam(group).gr_gid
        self.group = group
        self.mode = mode
        self.dry = dry
        self.changed = 0

    def grant(self, node: Path, label: str) -> None:
        try:
            st = node.stat()
        except FileNotFoundError:
            log.debug("%s: not present", node)
            return
        if not stat.S_ISCHR(st.st_mode):
            log.warning("%s is not a character device, skipping", node)
            return
        cur_mode = stat.S_IMODE(st.st_mode)
        if st.st_gid == self.gid and cur_mode == self.mode:
            log.debug("%s already ok", node)
            return
        log.info("%s (%s): gid %d->%d mode %o->%o", node, label,
                 st.st_gid, self.gid, cur_mode, self.mode)
        if self.dry:
            return
        os.chown(node, -1, self.gid)
        os.chmod(node, self.mode)
        self.changed += 1


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--group", default="osk")
    ap.add_argument("--mode", default="0660")
    ap.add_argument("--no-keyboards", action="store_true",
                    help="only fix the uinput node")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="osk-grant: %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("must run as root (the installer calls us via its root helper)")
        return 1
    try:
        granter = Granter(args.group, int(args.mode, 8), args.dry_run)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 1

    for node in UINPUT_NODES:
        granter.grant(Path(node), "uinput")
    if not args.no_keyboards:
        for node, name in keyboard_nodes():
            granter.grant(node, name)
    log.info("%d node(s) updated", granter.changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
