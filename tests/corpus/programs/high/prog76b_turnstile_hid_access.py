#!/usr/bin/env python3
"""Turnstile HID reader access helper.

The turnstile controller app runs as the ``gate`` group and reads ticket
barcodes straight from the hidraw node of each reader.  After a reader is
swapped on site the node comes back root-only, so this helper finds the
readers by USB vendor/product id and hands the nodes to the gate group.
"""

import argparse
import grp
import json
import logging
import os
import re
import stat
import sys
from pathlib import Path

log = logging.getLogger("turnstile-hid")

SYSFS_HIDRAW = Path("/sys/class/hidraw")
DEV = Path("/dev")
DEFAULT_READERS = {
    "0c2e": "Honeywell",
    "05e0": "Zebra/Symbol",
    "1eab": "Newland",
    "2dd6": "Access-IS",
}
HID_ID_RE = re.compile(r"HID_ID=([0-9A-Fa-f]{4}):([0-9A-Fa-f]{8}):([0-9A-Fa-f]{8})")


def load_readers(path: Path) -> dict:
    readers = dict(DEFAULT_READERS)
    if path.exists():
        try:
            extra = json.loads(path.read_text())
            readers.update({k.lower(): v for k, v in extra.items()})
        except ValueError as exc:
            log.warning("ignoring %s: %s", path, exc)
    return readers


def iter_hidraw():
    """Yield (node name, vendor id, product id) for every hidraw device."""
    if not SYSFS_HIDRAW.is_dir():
        return
    for entry in sorted(SYSFS_HIDRAW.iterdir()):
        uevent = entry / "device" / "uevent"
        try:
            text = uevent.read_text()
        except OSError:
            continue
        m = HID_ID_RE.search(text)
        if not m:
            continue
        vendor = m.group(2)[-4:].lower()
        product = m.group(3)[-4:].lower()
        yield entry.name, vendor, product


class NodeAccess:
    def __init__(self, group: str, mode: int, dry_run: bool):
        self.gid = grp.getgrnam(group).gr_gid
        self.group = group
        self.mode = mode
        self.dry_run = dry_run

    def needs_change(self, st: os.stat_result) -> bool:
        return st.st_gid != self.gid or stat.S_IMODE(st.st_mode) != self.mode

    def apply(self, node: Path) -> bool:
        st = node.stat()
        if not self.needs_change(st):
            log.info("%s already %s %o", node, self.group, self.mode)
            return False
        if self.dry_run:
            log.info("would set %s to group %s mode %o", node, self.group, self.mode)
            return False
        os.chown(node, -1, self.gid)
        os.chmod(node, self.mode)
        log.info("%s -> group %s mode %o", node, self.group, self.mode)
        return True


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--readers", type=Path, default=Path("readers.json"),
                    help="extra vendor ids, JSON object vendor->label")
    ap.add_argument("--group", default="gate")
    ap.add_argument("--mode", default="0660", help="octal mode for reader nodes")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    readers = load_readers(args.readers)
    try:
        access = NodeAccess(args.group, int(args.mode, 8), args.dry_run)
    except KeyError:
        log.error("group %s does not exist", args.group)
        return 2

    found = changed = 0
    for name, vendor, product in iter_hidraw():
        label = readers.get(vendor)
        if not label:
            log.debug("skipping %s (%s:%s)", name, vendor, product)
            continue
        found += 1
        node = DEV / name
        try:
            changed += access.apply(node)
        except PermissionError:
            log.error("%s: permission denied, run from the gate provisioning account", node)
            return 1
        except FileNotFoundError:
            log.warning("%s vanished while scanning", node)
    if not found:
        log.warning("no turnstile readers found")
        return 1
    log.info("%d reader(s) found, %d updated", found, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
