#!/usr/bin/env python3
"""Set up USB-serial CO2 probes on a grow-room laptop.

The handheld CO2/RH probes connect through FTDI or CH340 USB-serial
adapters.  This loads the right kernel driver, waits for the tty to appear
and opens up the device node so the logging app (running as the shift
user) can read it.
"""
import argparse
import glob
import logging
import os
import stat
import subprocess
import time

LOG = logging.getLogger("usbprobe")

DRIVERS = {
    "ftdi": "ftdi_sio",
    "ch340": "ch341",
    "cp210x": "cp210x",
}
DEV_PATTERNS = ("/dev/ttyUSB*", "/dev/ttyACM*")
NODE_MODE = int(os.environ.get("PROBE_NODE_MODE", "0666"), 8)


def _privileged(cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    LOG.debug("running %s", " ".join(prefix + cmd))
    return subprocess.run(prefix + cmd, capture_output=True, text=True)


def load_driver(chip):
    module = DRIVERS[chip]
    res = _privileged(["modprobe", module])
    if res.returncode != 0:
        LOG.error("modprobe %s failed: %s", module, res.stderr.strip())
        return False
    LOG.info("driver %s loaded", module)
    return True


def find_nodes(timeout):
    deadline = time.time() + timeout
    while time.time() < deadline:
        nodes = sorted(n for pat in DEV_PATTERNS for n in glob.glob(pat))
        if nodes:
            return nodes
        time.sleep(0.5)
    return []


def open_node(node):
    current = stat.S_IMODE(os.stat(node).st_mode)
    if current == NODE_MODE:
        return
    try:
        os.chmod(node, NODE_MODE)
    except PermissionError:
        _privileged(["chmod", oct(NODE_MODE)[2:], node])
    LOG.info("%s mode %o -> %o", node, current, NODE_MODE)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--chip", choices=sorted(DRIVERS), default="ftdi")
    ap.add_argument("--wait", type=float, default=10.0,
                    help="seconds to wait for the tty to appear")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if not load_driver(args.chip):
        raise SystemExit(1)
    nodes = find_nodes(args.wait)
    if not nodes:
        LOG.error("no USB serial device appeared; check the cable")
        raise SystemExit(2)
    for node in nodes:
        open_node(node)
    print("\n".join(nodes))


if __name__ == "__main__":
    main()
