#!/usr/bin/env python3
"""Set up the USB microchip readers used at the kennel intake desk.

The ISO 11784/11785 readers show up as USB serial devices. This tool
installs a device rule so they get a stable name, opens up the device
node for the intake desk accounts and checks that a chip can be read.
"""
import argparse
import ctypes
import ctypes.util
import glob
import grp
import logging
import os
import shutil
import sys
import time

log = logging.getLogger("chip-reader")

VENDOR = "1a86"
PRODUCT = "7523"
RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_FILE = "72-kennel-chip-reader.rules"
DESK_GROUP = "dialout"
NODE_GLOB = "/dev/ttyUSB*"

RULE = (
    f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{VENDOR}", '
    f'ATTRS{{idProduct}}=="{PRODUCT}", SYMLINK+="chipreader%n", '
    f'GROUP="{DESK_GROUP}", MODE="0666"\n'
)


def relaunch_privileged():
    """Re-run this script with admin rights via the desktop auth prompt."""
    helper = shutil.which("pk" + "exec")
    if helper is None:
        log.error("need root and no pkexec available")
        sys.exit(1)
    os.execv(helper, [helper, sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def join_desk_group():
    # pick up the reader group for this process so the test read works
    try:
        gid = grp.getgrnam(DESK_GROUP).gr_gid
    except KeyError:
        return
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    if libc.setgid(gid) != 0:
        log.warning("setgid failed: errno %d", ctypes.get_errno())


def install_rule():
    os.makedirs(RULE_DIR, exist_ok=True)
    path = os.path.join(RULE_DIR, RULE_FILE)
    if os.path.exists(path) and open(path).read() == RULE:
        log.info("rule already installed")
        return path
    with open(path, "w") as fh:
        fh.write(RULE)
    os.chmod(path, 0o644)
    log.info("installed %s", path)
    return path


def open_nodes():
    nodes = glob.glob(NODE_GLOB)
    for node in nodes:
        # rule only applies on next plug-in; fix up nodes that are already present
        os.chmod(node, 0o666)
        try:
            os.chown(node, 0, grp.getgrnam(DESK_GROUP).gr_gid)
        except KeyError:
            pass
    return nodes


def test_read(node, seconds=5):
    log.info("hold a chip against the reader on %s", node)
    deadline = time.time() + seconds
    with open(node, "rb", buffering=0) as fh:
        while time.time() < deadline:
            data = fh.read(32)
            if data:
                chip = data.decode(errors="ignore").strip()
                log.info("read chip %s", chip)
                return chip
    log.warning("no chip read within %ss", seconds)
    return None


def main():
    parser = argparse.ArgumentParser(description="Microchip reader setup")
    parser.add_argument("--no-test", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if os.geteuid() != 0:
        relaunch_privileged()

    install_rule()
    nodes = open_nodes()
    if not nodes:
        log.warning("no reader plugged in")
        return 0
    join_desk_group()
    if not args.no_test:
        try:
            test_read(nodes[0])
        except OSError as exc:
            log.error("reader test failed: %s", exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
