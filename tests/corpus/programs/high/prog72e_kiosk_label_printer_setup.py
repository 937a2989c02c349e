#!/usr/bin/env python3
"""Prepare a check-in kiosk to print name badges on a USB label printer.

Finds the Brother/DYMO/Zebra printer on the USB bus, installs a udev rule so
the kiosk user can write to it without CUPS, and prints a test badge.

    python3 kiosk_label_printer_setup.py [--user kiosk] [--test-name "Ada L."]
"""
import argparse
import getpass
import grp
import logging
import os
import pwd
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer-setup")

KNOWN_VENDORS = {
    "04f9": "Brother",
    "0922": "DYMO",
    "0a5f": "Zebra",
}
RULE_PATH = Path("/etc/udev/rules.d/70-badge-printer.rules")
USB_SYSFS = Path("/sys/bus/usb/devices")


def find_printers():
    found = []
    for dev in sorted(USB_SYSFS.iterdir()):
        vid_file = dev / "idVendor"
        if not vid_file.exists():
            continue
        try:
            vid = vid_file.read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        if vid in KNOWN_VENDORS:
            product = (dev / "product").read_text().strip() if (dev / "product").exists() else "?"
            found.append({"vid": vid, "pid": pid, "vendor": KNOWN_VENDORS[vid],
                          "product": product, "sysfs": str(dev)})
    return found


def render_rule(printer, group):
    return (
        "# badge printer for event check-in kiosk ({vendor} {product})\n"
        'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        'MODE="0660", GROUP="{group}", SYMLINK+="badgeprinter"\n'
        'SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vid}", '
        'MODE="0660", GROUP="{group}", SYMLINK+="badgeprinter-lp"\n'
    ).format(group=group, **printer)


def run_privileged(argv, stdin=None):
    cmd = argv if os.geteuid() == 0 else ["sudo", "--"] + argv
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, input=stdin, text=True, check=True, capture_output=True)


def install_rule(text):
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("udev rule already up to date")
        return False
    run_privileged(["tee", str(RULE_PATH)], stdin=text)
    run_privileged(["udevadm", "control", "--reload-rules"])
    run_privileged(["udevadm", "trigger", "--subsystem-match=usb", "--subsystem-match=usbmisc"])
    log.info("installed %s", RULE_PATH)
    return True


def ensure_group(user, group):
    try:
        members = grp.getgrnam(group).gr_mem
    except KeyError:
        run_privileged(["groupadd", "--system", group])
        members = []
    if user not in members and pwd.getpwnam(user).pw_gid != grp.getgrnam(group).gr_gid:
        run_privileged(["usermod", "-aG", group, user])
        log.info("added %s to %s (log out and back in to take effect)", user, group)


def print_test_badge(name, device):
    lines = ["", name, "Riverside Community Fair", ""]
    payload = "\n".join(lines).encode("ascii", "replace") + b"\x0c"
    for path in (device, "/dev/usb/lp0"):
        try:
            with open(path, "wb", buffering=0) as fh:
                fh.write(payload)
            log.info("test badge sent to %s", path)
            return True
        except OSError as exc:
            log.debug("%s: %s", path, exc)
    return False


def main():
    ap = argparse.ArgumentParser(description="set up the kiosk badge printer")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--group", default="lp")
    ap.add_argument("--test-name", default="Test Badge")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s: %(message)s")

    printers = find_printers()
    if not printers:
        log.error("no supported label printer found on USB")
        return 1
    printer = printers[0]
    log.info("found %s %s (%s:%s)", printer["vendor"], printer["product"], printer["vid"], printer["pid"])

    try:
        ensure_group(args.user, args.group)
        install_rule(render_rule(printer, args.group))
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s\n%s", exc.cmd, exc.stderr)
        return 1

    if not print_test_badge(args.test_name, "/dev/badgeprinter-lp"):
        log.warning("could not print a test badge yet; replug the printer and retry")
    return 0


if __name__ == "__main__":
    sys.exit(main())
