#!/usr/bin/env python3
"""Give the signing clerks' group access to the qualified-signature card reader.

The smartcard reader used for notarial signatures shows up as a raw USB
device owned by root. The signing client runs as an ordinary clerk, so this
finds the reader's device node and hands it to the `notary-sign` group.
Run it after plugging in a replacement reader.
"""

import argparse
import grp
import logging
import os
import stat
import sys
from pathlib import Path

LOG = logging.getLogger("card_reader_perms")

SYSFS_USB = Path("/sys/bus/usb/devices")
# vendor:product pairs of approved readers (from the IT inventory sheet)
APPROVED_READERS = {
    ("076b", "5427"): "OMNIKEY 5427",
    ("08e6", "3437"): "Gemalto PC Twin",
    ("04e6", "5816"): "Identiv uTrust",
}


def read_attr(dev: Path, name: str) -> str:
    try:
        return (dev / name).read_text().strip()
    except OSError:
        return ""


def find_readers():
    """Yield (model, device node) for each approved reader present."""
    if not SYSFS_USB.is_dir():
        return
    for dev in sorted(SYSFS_USB.iterdir()):
        vid = read_attr(dev, "idVendor")
        pid = read_attr(dev, "idProduct")
        model = APPROVED_READERS.get((vid, pid))
        if not model:
            continue
        busnum = read_attr(dev, "busnum")
        devnum = read_attr(dev, "devnum")
        if not busnum or not devnum:
            continue
        node = Path("/dev/bus/usb/%03d/%03d" % (int(busnum), int(devnum)))
        yield model, node


def fix_node(node: Path, gid: int, mode: int, dry_run: bool) -> bool:
    try:
        st = node.stat()
    except FileNotFoundError:
        LOG.error("device node %s vanished", node)
        return False
    current = stat.S_IMODE(st.st_mode)
    if st.st_gid == gid and current == mode:
        LOG.info("%s already group %d mode %o", node, gid, mode)
        return True
    LOG.info("%s: gid %d -> %d, mode %o -> %o", node, st.st_gid, gid, current, mode)
    if dry_run:
        return True
    try:
        os.chown(node, 0, gid)
        os.chmod(node, mode)
    except PermissionError:
        LOG.error("permission denied on %s (run as root)", node)
        return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="notary-sign")
    ap.add_argument("--mode", default="660", help="octal mode for the node")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 1
    mode = int(args.mode, 8)
    if mode & 0o007:
        LOG.error("refusing to make the reader world-accessible")
        return 1

    readers = list(find_readers())
    if not readers:
        LOG.warning("no approved card reader found")
        return 2
    ok = True
    for model, node in readers:
        LOG.info("found %s at %s", model, node)
        ok &= fix_node(node, gid, mode, args.dry_run)
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
