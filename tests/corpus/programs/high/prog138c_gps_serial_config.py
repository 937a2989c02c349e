#!/usr/bin/env python3
"""Configure the GPS puck serial port on a new ambulance MDT.

The USB GPS receivers enumerate as ttyUSB* or ttyACM* depending on the
vendor batch. This tool finds the receiver, gives it a stable name and
makes it readable by the dispatch client account so gpsd-bridge can start
without manual steps after each re-image.
"""

import argparse
import glob
import grp
import logging
import os
import sys
import time

log = logging.getLogger("gps-config")

KNOWN_RECEIVERS = {
    ("1546", "01a7"): "u-blox 7",
    ("1546", "01a8"): "u-blox 8",
    ("067b", "2303"): "Prolific PL2303",
}

RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "71-ambulance-gps.rules"
RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="gps0", GROUP="{group}", MODE="0660"\n'
)


def read_attr(sys_path, name):
    try:
        with open(os.path.join(sys_path, name)) as fh:
            return fh.read().strip()
    except OSError:
        return None


def find_receivers():
    found = []
    for dev in glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"):
        sys_dev = os.path.realpath(f"/sys/class/tty/{os.path.basename(dev)}/device")
        # walk up until we find the USB device node holding the ids
        node = sys_dev
        for _ in range(4):
            vid, pid = read_attr(node, "idVendor"), read_attr(node, "idProduct")
            if vid and pid:
                found.append((dev, vid, pid))
                break
            node = os.path.dirname(node)
    return found


class PortSetup:
    def __init__(self, group, dry_run=False):
        self.group = group
        self.dry_run = dry_run
        try:
            self.gid = grp.getgrnam(group).gr_gid
        except KeyError:
            log.error("group %s does not exist", group)
            sys.exit(1)

    def write_rule(self, vid, pid):
        text = RULE_TEMPLATE.format(vid=vid, pid=pid, group=self.group)
        target = os.path.join(RULE_DIR, RULE_NAME)
        if self.dry_run:
            log.info("would write %s: %s", target, text.strip())
            return
        with open(target, "w") as fh:
            fh.write(text)
        os.chmod(target, 0o644)
        log.info("rule written to %s", target)

    def fix_node_now(self, dev):
        """Apply ownership immediately so we don't need to replug."""
        if self.dry_run:
            log.info("would chown/chmod %s", dev)
            return
        os.chown(dev, 0, self.gid)
        os.chmod(dev, 0o660)
        link = "/dev/gps0"
        if os.path.islink(link):
            os.unlink(link)
        os.symlink(dev, link)
        log.info("%s now group %s, linked as %s", dev, self.group, link)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--wait", type=int, default=10,
                    help="seconds to wait for the receiver to appear")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    deadline = time.time() + args.wait
    receivers = find_receivers()
    while not receivers and time.time() < deadline:
        time.sleep(1)
        receivers = find_receivers()
    if not receivers:
        log.error("no USB serial devices found; is the GPS puck plugged in?")
        return 1

    setup = PortSetup(args.group, args.dry_run)
    for dev, vid, pid in receivers:
        label = KNOWN_RECEIVERS.get((vid, pid))
        if not label:
            log.info("ignoring %s (%s:%s), not a known receiver", dev, vid, pid)
            continue
        log.info("found %s on %s", label, dev)
        setup.write_rule(vid, pid)
        setup.fix_node_now(dev)
        return 0
    log.error("no known GPS receiver among %d devices", len(receivers))
    return 1


if __name__ == "__main__":
    sys.exit(main())
