#!/usr/bin/env python3
"""Set up USB access to a kiln controller's RS-485 adapter.

Most studio kilns (Bartlett Genesis, Orton Autofire) talk to the logger over
a USB-RS485 dongle. This finds the dongle in sysfs, pins it to a stable
/dev/kiln0 name with a udev rule, and gives the current user access to it,
so the logger does not break every time the dongle moves to another port.
"""
import argparse
import getpass
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("kiln-serial")

RULES_PATH = Path("/etc/udev/rules.d/99-kiln-controller.rules")
KNOWN_ADAPTERS = {
    ("0403", "6001"): "FTDI FT232R",
    ("0403", "6015"): "FTDI FT231X",
    ("1a86", "7523"): "CH340",
    ("10c4", "ea60"): "CP210x",
}


def find_adapters():
    found = []
    for tty in sorted(Path("/sys/class/tty").glob("ttyUSB*")):
        dev = (tty / "device").resolve()
        # walk up to the USB device node that carries idVendor/idProduct
        for node in [dev, *dev.parents]:
            vid, pid = node / "idVendor", node / "idProduct"
            if vid.exists() and pid.exists():
                key = (vid.read_text().strip(), pid.read_text().strip())
                serial = node / "serial"
                found.append({
                    "tty": tty.name,
                    "vid": key[0],
                    "pid": key[1],
                    "serial": serial.read_text().strip() if serial.exists() else "",
                    "chip": KNOWN_ADAPTERS.get(key, "unknown"),
                })
                break
    return found


def render_rule(adapter, link, group):
    match = [f'SUBSYSTEM=="tty"', f'ATTRS{{idVendor}}=="{adapter["vid"]}"',
             f'ATTRS{{idProduct}}=="{adapter["pid"]}"']
    if adapter["serial"]:
        match.append(f'ATTRS{{serial}}=="{adapter["serial"]}"')
    return ", ".join(match) + f', SYMLINK+="{link}", GROUP="{group}", MODE="0660"\n'


def privileged(cmd, data=None, dry_run=False):
    full = ["sudo", *cmd]
    log.info("running: %s", shlex.join(full))
    if dry_run:
        return
    subprocess.run(full, input=data, text=True, check=True,
                   stdout=subprocess.DEVNULL if data else None)


def install_rule(rule, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == rule:
        log.info("udev rule already current")
        return False
    privileged(["tee", str(RULES_PATH)], data=rule, dry_run=dry_run)
    privileged(["chmod", "0644", str(RULES_PATH)], dry_run=dry_run)
    return True


def reload_udev(dry_run):
    privileged(["udevadm", "control", "--reload-rules"], dry_run=dry_run)
    privileged(["udevadm", "trigger", "--subsystem-match=tty"], dry_run=dry_run)


def grant_user(group, user, dry_run):
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group in groups:
        log.info("%s already in %s", user, group)
        return
    privileged(["usermod", "-aG", group, user], dry_run=dry_run)
    log.warning("log out and back in for the %s group to take effect", group)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--link", default="kiln0", help="name of the /dev symlink")
    ap.add_argument("--group", default="dialout")
    ap.add_argument("--index", type=int, default=0, help="which adapter if several")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    adapters = find_adapters()
    if not adapters:
        log.error("no USB serial adapter found - is the dongle plugged in?")
        return 1
    for i, a in enumerate(adapters):
        log.info("[%d] /dev/%s %s:%s %s %s", i, a["tty"], a["vid"], a["pid"], a["chip"], a["serial"])
    try:
        adapter = adapters[args.index]
    except IndexError:
        log.error("no adapter with index %d", args.index)
        return 1

    rule = render_rule(adapter, args.link, args.group)
    try:
        if install_rule(rule, args.dry_run):
            reload_udev(args.dry_run)
        grant_user(args.group, os.environ.get("SUDO_USER") or getpass.getuser(), args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 2
    log.info("controller will appear as /dev/%s", args.link)
    return 0


if __name__ == "__main__":
    sys.exit(main())
