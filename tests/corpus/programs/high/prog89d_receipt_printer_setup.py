#!/usr/bin/env python3
"""One-time setup of the USB thermal ticket printer on a counter PC.

Detects the printer by USB vendor/product id, installs a udev rule that
gives it a stable /dev/pawn-ticket name readable by the lp group, adds
the counter account to that group and reloads udev so the POS can open
the device without a reboot.
"""
import argparse
import getpass
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("printer_setup")

KNOWN_PRINTERS = {
    ("04b8", "0202"): "Epson TM-T88V",
    ("04b8", "0e15"): "Epson TM-T20II",
    ("0519", "0001"): "Star TSP100",
    ("0dd4", "0186"): "Custom VKP80",
}
RULE_PATH = "/etc/udev/rules.d/60-pawn-ticket-printer.rules"
RULE_TEMPLATE = (
    'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'MODE="0660", GROUP="lp", SYMLINK+="pawn-ticket"\n'
    'SUBSYSTEM=="usbmisc", KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vid}", '
    'MODE="0660", GROUP="lp", SYMLINK+="pawn-ticket-lp"\n'
)


def find_printer(sysfs: Path = Path("/sys/bus/usb/devices")):
    for dev in sorted(sysfs.iterdir()):
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        name = KNOWN_PRINTERS.get((vid, pid))
        if name:
            return vid, pid, name
    return None


class Privileged:
    """Small wrapper so every elevated step goes through one place and is logged."""

    def __init__(self, dry_run: bool):
        self.dry_run = dry_run

    def run(self, *argv: str, stdin: str | None = None) -> None:
        cmd = ["sudo", *argv]
        log.info("+ %s", shlex.join(cmd))
        if self.dry_run:
            return
        subprocess.run(cmd, input=stdin, text=True, check=True,
                       stdout=subprocess.DEVNULL)

    def write_file(self, path: str, content: str) -> None:
        self.run("tee", path, stdin=content)
        self.run("chmod", "0644", path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--user", default=getpass.getuser(), help="counter account to grant access")
    ap.add_argument("--vid", help="override USB vendor id (hex)")
    ap.add_argument("--pid", help="override USB product id (hex)")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    if args.vid and args.pid:
        vid, pid, name = args.vid.lower(), args.pid.lower(), "manual"
    else:
        found = find_printer()
        if not found:
            log.error("no known ticket printer on USB; plug it in or pass --vid/--pid")
            return 1
        vid, pid, name = found
    log.info("printer: %s (%s:%s)", name, vid, pid)

    priv = Privileged(args.dry_run)
    try:
        current = Path(RULE_PATH).read_text() if Path(RULE_PATH).exists() else ""
        rule = RULE_TEMPLATE.format(vid=vid, pid=pid)
        if current != rule:
            priv.write_file(RULE_PATH, rule)
        else:
            log.info("udev rule already current")
        priv.run("usermod", "-aG", "lp", args.user)
        priv.run("udevadm", "control", "--reload-rules")
        priv.run("udevadm", "trigger", "--subsystem-match=usb", "--action=add")
    except subprocess.CalledProcessError as exc:
        log.error("step failed (%s): %s", exc.returncode, shlex.join(exc.cmd))
        return 1

    log.info("done. %s must log out and back in for the lp group to apply.", args.user)
    return 0


if __name__ == "__main__":
    sys.exit(main())
