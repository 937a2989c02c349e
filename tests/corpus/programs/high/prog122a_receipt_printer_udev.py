#!/usr/bin/env python3
"""Make the USB receipt printer usable by the till user.

Out of the box a USB thermal printer shows up as /dev/usb/lp0 owned by
root:lp with mode 0660, and the till software runs as the "till" user, so
every morning somebody had to log in and fix it.  This finds the printer by
vendor/product id, installs a udev rule so the permissions stick across
reboots and re-plugs, reloads udev, and fixes the current device node.

Known printers: Epson TM series, Star TSP100/143, the cheap 80mm "POS-80".
"""
import argparse
import grp
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer-udev")

KNOWN = {
    ("04b8", "0202"): "Epson TM-T88",
    ("04b8", "0e15"): "Epson TM-T20II",
    ("04b8", "0e28"): "Epson TM-m30",
    ("0519", "0003"): "Star TSP100",
    ("0519", "0001"): "Star TSP143",
    ("0416", "5011"): "POS-80 generic",
}
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "65-receipt-printer.rules"
RULE_TMPL = ('SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vid}", '
             'ATTRS{{idProduct}}=="{pid}", GROUP="{group}", MODE="0666", SYMLINK+="receipt-printer"\n')


def find_printers(sysfs=Path("/sys/bus/usb/devices")):
    found = []
    for dev in sysfs.iterdir():
        vfile, pfile = dev / "idVendor", dev / "idProduct"
        if not (vfile.exists() and pfile.exists()):
            continue
        key = (vfile.read_text().strip(), pfile.read_text().strip())
        if key in KNOWN:
            found.append((key, KNOWN[key], dev.name))
    return found


def privileged(cmd, stdin=None):
    full = ["sudo", "-n"] + cmd
    log.debug("running %s", shlex.join(full))
    res = subprocess.run(full, input=stdin, text=True, capture_output=True)
    if res.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {res.stderr.strip() or res.returncode}")
    return res.stdout


def install_rule(printers, group):
    body = "# installed by receipt_printer_udev.py\n"
    for (vid, pid), name, _ in printers:
        body += f"# {name}\n" + RULE_TMPL.format(vid=vid, pid=pid, group=group)
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == body:
        log.info("udev rule already up to date")
        return False
    privileged(["tee", str(target)], stdin=body)
    privileged(["chmod", "0644", str(target)])
    log.info("wrote %s", target)
    return True


def reload_udev():
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=usbmisc", "--action=add"])


def fix_current_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    for node in sorted(Path("/dev/usb").glob("lp*")):
        try:
            os.chown(node, -1, gid)
            os.chmod(node, 0o666)
        except PermissionError:
            privileged(["chgrp", group, str(node)])
            privileged(["chmod", "0666", str(node)])
        log.info("fixed %s", node)


def main():
    ap = argparse.ArgumentParser(description="install udev rule for the receipt printer")
    ap.add_argument("--group", default="lp", help="group that should own the printer node")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    printers = find_printers()
    if not printers:
        log.error("no known receipt printer plugged in (check lsusb)")
        return 1
    for (vid, pid), name, port in printers:
        log.info("found %s (%s:%s) on usb port %s", name, vid, pid, port)
    if args.dry_run:
        return 0
    try:
        if install_rule(printers, args.group):
            reload_udev()
        fix_current_nodes(args.group)
    except (RuntimeError, KeyError) as exc:
        log.error("%s", exc)
        log.error("run 'sudo -v' first so this can use sudo without a prompt")
        return 1
    log.info("printer ready at /dev/receipt-printer")
    return 0


if __name__ == "__main__":
    sys.exit(main())
