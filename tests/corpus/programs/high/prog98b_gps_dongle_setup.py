#!/usr/bin/env python3
"""Set up the USB GPS receiver on a van gateway.

Each van gateway has a u-blox USB GPS puck.  Out of the box it enumerates as
/dev/ttyACM<n> with a number that changes between boots and is only readable
by root, so gpsd and the poller can't rely on it.  This script finds the puck
by USB vendor/product id, installs a udev rule giving it a stable
/dev/van-gps name, points gpsd at it and reloads udev.

    sudo ./gps_dongle_setup.py            # detect and install
    ./gps_dongle_setup.py --dry-run       # show what would change
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("gps_setup")

KNOWN_RECEIVERS = {
    ("1546", "01a7"): "u-blox 7",
    ("1546", "01a8"): "u-blox 8",
    ("1546", "01a9"): "u-blox 9",
    ("067b", "2303"): "Prolific PL2303 (BU-353)",
}
USB_ROOT = Path("/sys/bus/usb/devices")
RULE_PATH = Path("/etc/udev/rules.d/99-van-gps.rules")
GPSD_DEFAULTS = Path("/etc/default/gpsd")
SYMLINK = "van-gps"
GROUP = "dialout"


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip().lower()
    except OSError:
        return ""


def find_receiver():
    if not USB_ROOT.is_dir():
        return None
    for dev in sorted(USB_ROOT.iterdir()):
        key = (read_attr(dev, "idVendor"), read_attr(dev, "idProduct"))
        if key in KNOWN_RECEIVERS:
            tty = next((p.name for p in dev.rglob("tty*") if p.name.startswith("tty")
                        and p.name != "tty"), None)
            return {"vendor": key[0], "product": key[1], "model": KNOWN_RECEIVERS[key],
                    "serial": read_attr(dev, "serial"), "tty": tty}
    return None


def rule_text(rx):
    match = [f'SUBSYSTEM=="tty"', f'ATTRS{{idVendor}}=="{rx["vendor"]}"',
             f'ATTRS{{idProduct}}=="{rx["product"]}"']
    if rx["serial"]:
        match.append(f'ATTRS{{serial}}=="{rx["serial"]}"')
    actions = [f'SYMLINK+="{SYMLINK}"', f'GROUP="{GROUP}"', 'MODE="0660"',
               'TAG+="systemd"', 'ENV{SYSTEMD_WANTS}="gpsd.service"']
    return f"# {rx['model']} - managed by gps_dongle_setup\n" + ", ".join(match + actions) + "\n"


def gpsd_defaults():
    return (
        "# managed by gps_dongle_setup\n"
        'START_DAEMON="true"\n'
        'USBAUTO="false"\n'
        f'DEVICES="/dev/{SYMLINK}"\n'
        'GPSD_OPTIONS="-n -b"\n'
    )


def write_if_changed(path, text, dry_run):
    current = path.read_text() if path.exists() else None
    if current == text:
        log.info("%s already up to date", path)
        return False
    if dry_run:
        log.info("would write %s:\n%s", path, text)
        return True
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    os.chmod(path, 0o644)
    log.info("wrote %s", path)
    return True


def fix_current_node(rx, dry_run):
    """Apply permissions to the node that exists right now, so gpsd works
    without a replug."""
    if not rx["tty"]:
        return
    node = Path("/dev") / rx["tty"]
    if not node.exists():
        return
    if dry_run:
        log.info("would chmod 0660 and chgrp %s %s", GROUP, node)
        return
    import grp
    os.chown(node, -1, grp.getgrnam(GROUP).gr_gid)
    os.chmod(node, 0o660)


def reload_udev(dry_run):
    cmds = [["udevadm", "control", "--reload-rules"],
            ["udevadm", "trigger", "--subsystem-match=tty", "--action=add"],
            ["systemctl", "restart", "gpsd.service"]]
    for cmd in cmds:
        if dry_run:
            log.info("would run: %s", " ".join(cmd))
            continue
        res = subprocess.run(cmd, capture_output=True, text=True)
        if res.returncode != 0:
            log.warning("%s failed: %s", cmd[0], res.stderr.strip())


def main(argv=None):
    p = argparse.ArgumentParser(description="Install udev/gpsd config for the van GPS puck")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    rx = find_receiver()
    if rx is None:
        log.error("no known GPS receiver found; is the puck plugged in?")
        return 1
    log.info("found %s on %s (serial %s)", rx["model"], rx["tty"] or "?", rx["serial"] or "n/a")

    if os.geteuid() != 0 and not args.dry_run:
        log.error("needs root to write under /etc and /dev; re-run with sudo")
        return 2

    changed = write_if_changed(RULE_PATH, rule_text(rx), args.dry_run)
    changed |= write_if_changed(GPSD_DEFAULTS, gpsd_defaults(), args.dry_run)
    fix_current_node(rx, args.dry_run)
    if changed:
        reload_udev(args.dry_run)
    log.info("GPS available as /dev/%s", SYMLINK)
    return 0


if __name__ == "__main__":
    sys.exit(main())
