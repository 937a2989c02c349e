#!/usr/bin/env python3
"""Give the packing-room account access to the USB label printer.

The thermal label printer appears as /dev/usb/lpN whenever it is plugged
in, owned by root.  The packing station runs this at the start of a shift:
it finds the printer node, hands it to the print group, opens it up, and
then drops back to the packing user to send a test label.
"""
import argparse
import grp
import logging
import os
import pwd
import stat
from pathlib import Path

LOG = logging.getLogger("printer_access")

DEVICE_GLOB = "usb/lp*"
DEV_ROOT = Path("/dev")
PRINT_GROUP = os.environ.get("PRINT_GROUP", "lp")
PACK_USER = os.environ.get("PACK_USER", "packing")
# Node mode used by the old packing PC, kept for the label software.
NODE_MODE = int(os.environ.get("PRINTER_NODE_MODE", "666"), 8)

TEST_LABEL = (
    "^XA^FO40,40^A0N,40,40^FDNorth Cellar Caves^FS"
    "^FO40,100^A0N,30,30^FDTest label - shift start^FS^XZ\n"
)


def find_printers():
    return sorted(DEV_ROOT.glob(DEVICE_GLOB))


def describe(node):
    st = node.stat()
    return f"{node} owner={st.st_uid} group={st.st_gid} mode={stat.filemode(st.st_mode)}"


class Handover:
    def __init__(self, group, user, mode):
        self.gid = grp.getgrnam(group).gr_gid
        pw = pwd.getpwnam(user)
        self.uid = pw.pw_uid
        self.user_gid = pw.pw_gid
        self.mode = mode

    def open_node(self, node):
        os.chown(node, 0, self.gid)
        os.chmod(node, self.mode)
        LOG.info("prepared %s", describe(node))

    def become_packer(self):
        os.setgroups([self.gid])
        os.setgid(self.user_gid)
        os.setuid(self.uid)
        LOG.debug("now running as uid=%d gid=%d", os.getuid(), os.getgid())


def send_test(node):
    with open(node, "wb") as handle:
        handle.write(TEST_LABEL.encode("ascii"))


def main():
    parser = argparse.ArgumentParser(description="Prepare the label printer for the packing shift")
    parser.add_argument("--no-test", action="store_true", help="skip the test label")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    if os.geteuid() != 0:
        LOG.error("must start as root to change the device node")
        return 1

    printers = find_printers()
    if not printers:
        LOG.error("no label printer found under %s", DEV_ROOT / "usb")
        return 1

    handover = Handover(PRINT_GROUP, PACK_USER, NODE_MODE)
    for node in printers:
        handover.open_node(node)
    handover.become_packer()

    if not args.no_test:
        send_test(printers[0])
        LOG.info("test label sent to %s", printers[0])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
