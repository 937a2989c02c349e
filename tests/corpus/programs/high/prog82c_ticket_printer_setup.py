#!/usr/bin/env python3
"""Set up the thermal ticket printer of a vending machine.

Finds the printer on USB, installs a udev rule that gives it a stable
/dev/ticketprinter name owned by the kiosk group, and fixes up the node that
is already present so the vending UI can print without a reboot.
"""
import argparse
import grp
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer-setup")

KNOWN_PRINTERS = {
    ("0dd4", "0195"): "Custom VKP80III",
    ("0519", "2013"): "Star TUP900",
    ("04b8", "0e28"): "Epson TM-T88VII",
}
RULE_PATH = Path("/etc/udev/rules.d/70-ticket-printer.rules")
USB_ROOT = Path("/sys/bus/usb/devices")


def find_printer():
    for dev in USB_ROOT.iterdir():
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        if (vid, pid) in KNOWN_PRINTERS:
            serial = ""
            if (dev / "serial").exists():
                serial = (dev / "serial").read_text().strip()
            return vid, pid, serial, KNOWN_PRINTERS[(vid, pid)]
    return None


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    log.info("re-running with elevated rights")
    os.execvp("sudo", ["sudo", "--preserve-env=KIOSK_GROUP", sys.executable,
                       os.path.abspath(__file__), *argv])


def render_rule(vid, pid, group):
    return (
        "# ticket printer - installed by ticket_printer_setup.py\n"
        f'SUBSYSTEM=="usbmisc", KERNEL=="lp*", ATTRS{{idVendor}}=="{vid}", '
        f'ATTRS{{idProduct}}=="{pid}", GROUP="{group}", MODE="0660", '
        'SYMLINK+="ticketprinter"\n'
        f'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{vid}", ATTR{{idProduct}}=="{pid}", '
        'ATTR{power/autosuspend}="-1"\n'
    )


def install_rule(text):
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("udev rule already installed")
        return False
    tmp = RULE_PATH.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, RULE_PATH)
    log.info("installed %s", RULE_PATH)
    return True


def reload_udev():
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=usbmisc",
                    "--action=add"], check=True)
    subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)


def fix_existing_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    for node in sorted(Path("/dev/usb").glob("lp*")):
        os.chown(node, 0, gid)
        os.chmod(node, 0o660)
        log.info("fixed %s -> root:%s 0660", node, group)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="ticket printer setup")
    ap.add_argument("--group", default=os.environ.get("KIOSK_GROUP", "kiosk"))
    ap.add_argument("--detect-only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    found = find_printer()
    if not found:
        log.error("no supported ticket printer on USB")
        return 1
    vid, pid, serial, model = found
    log.info("found %s (%s:%s, serial %s)", model, vid, pid, serial or "n/a")
    if args.detect_only:
        return 0

    ensure_root(argv)
    try:
        changed = install_rule(render_rule(vid, pid, args.group))
        if changed:
            reload_udev()
        fix_existing_nodes(args.group)
    except (OSError, KeyError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
