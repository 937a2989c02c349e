#!/usr/bin/env python3
"""DMX dongle setup.

The USB-DMX dongles we use for the small-venue lighting rig show up as
serial devices. On a fresh laptop the driver isn't always loaded and the
device node is only usable by root, which stops the lighting software
from opening it. This gets a dongle ready before the show.
"""

import argparse
import glob
import logging
import os
import stat
import subprocess
import sys
import time

log = logging.getLogger("dmx-setup")

DRIVERS = {
    "enttec": "ftdi_sio",
    "dmxking": "ftdi_sio",
    "generic": "usbserial",
}
NODE_PATTERNS = ("ttyUSB*", "ttyACM*")
DEV_ROOT = os.sep + "dev"


class DongleError(RuntimeError):
    pass


def driver_loaded(name: str) -> bool:
    try:
        with open("/proc/modules", encoding="ascii") as fh:
            return any(line.split()[0] == name for line in fh)
    except OSError:
        return False


def load_driver(name: str) -> None:
    if driver_loaded(name):
        log.info("driver %s already loaded", name)
        return
    cmd = ["mod" + "probe", name]
    log.info("loading driver %s", name)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        raise DongleError(f"could not load {name}: {result.stderr.strip()}")


def find_nodes(wait: float) -> list:
    deadline = time.monotonic() + wait
    while True:
        nodes = []
        for pattern in NODE_PATTERNS:
            nodes.extend(glob.glob(os.path.join(DEV_ROOT, pattern)))
        if nodes or time.monotonic() > deadline:
            return sorted(nodes)
        time.sleep(0.5)


def open_up(node: str, group: str) -> None:
    """Let the lighting software (not just root) read and write the node."""
    mode = stat.S_IRUSR | stat.S_IWUSR | stat.S_IRGRP | stat.S_IWGRP \
        | stat.S_IROTH | stat.S_IWOTH
    os.chmod(node, mode)
    try:
        import grp
        gid = grp.getgrnam(group).gr_gid
        os.chown(node, -1, gid)
    except KeyError:
        log.warning("group %s does not exist, leaving group owner alone", group)
    log.info("%s is now mode %o", node, mode)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--model", choices=sorted(DRIVERS), default="enttec")
    parser.add_argument("--group", default="lighting")
    parser.add_argument("--wait", type=float, default=5.0,
                        help="seconds to wait for the device to appear")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        load_driver(DRIVERS[args.model])
    except (DongleError, FileNotFoundError) as exc:
        log.error("%s", exc)
        return 1

    nodes = find_nodes(args.wait)
    if not nodes:
        log.error("no DMX dongle found; is it plugged in?")
        return 1

    failed = 0
    for node in nodes:
        try:
            open_up(node, args.group)
        except PermissionError:
            log.error("not allowed to change %s; run this as the admin user", node)
            failed += 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
