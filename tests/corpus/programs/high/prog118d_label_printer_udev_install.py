#!/usr/bin/env python3
"""Install a udev rule for the garment tag / shoe label printer.

The Brother QL and Dymo LabelWriter printers we use for garment tags show up
as /dev/usb/lpN with root-only permissions and a number that changes with
the USB port.  This installs a udev rule that gives them a stable symlink
(/dev/labelprinter-<model>) and group "lp" read/write, then reloads udev so
the change takes effect without a reboot.

Usage:  label_printer_udev_install.py [--model ql800] [--dry-run]
"""

import argparse
import getpass
import logging
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("udev-install")

RULES_PATH = Path("/etc/udev/rules.d/70-shop-label-printers.rules")

PRINTERS = {
    "ql570": ("04f9", "2028"),
    "ql700": ("04f9", "2042"),
    "ql800": ("04f9", "209b"),
    "labelwriter450": ("0922", "0020"),
    "labelwriter550": ("0922", "0028"),
}

RULE_TMPL = ('SUBSYSTEM=="usbmisc", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
             'MODE="0660", GROUP="lp", SYMLINK+="labelprinter-{model}"\n')


def build_rules(models):
    lines = ["# Garment tag / shoe label printers - managed by label_printer_udev_install.py\n"]
    for m in models:
        vid, pid = PRINTERS[m]
        lines.append(RULE_TMPL.format(vid=vid, pid=pid, model=m))
    return "".join(lines)


def detect_models():
    """Return models whose USB ids appear in lsusb output."""
    found = []
    try:
        out = subprocess.run(["lsusb"], capture_output=True, text=True, timeout=10).stdout.lower()
    except (FileNotFoundError, subprocess.TimeoutExpired):
        return found
    for model, (vid, pid) in PRINTERS.items():
        if f"{vid}:{pid}" in out:
            found.append(model)
    return found


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo", "--"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True)


def install_rules(text):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("%s already up to date", RULES_PATH)
        return False
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False, dir=".") as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        if os.geteuid() == 0:
            shutil.copyfile(staged, RULES_PATH)
            os.chmod(RULES_PATH, 0o644)
        else:
            privileged(["install", "-m", "0644", "-o", "root", "-g", "root", staged, str(RULES_PATH)])
    finally:
        os.unlink(staged)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=usbmisc", "--action=add"])


def ensure_group_membership():
    user = os.environ.get("SUDO_USER") or getpass.getuser()
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if "lp" not in groups:
        privileged(["usermod", "-aG", "lp", user])
        log.info("added %s to group lp (log out and back in to apply)", user)


def main(argv=None):
    ap = argparse.ArgumentParser(description="Install udev rules for label printers")
    ap.add_argument("--model", action="append", choices=sorted(PRINTERS),
                    help="printer model (repeatable); default: autodetect, else all")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    models = args.model or detect_models() or sorted(PRINTERS)
    text = build_rules(models)
    if args.dry_run:
        sys.stdout.write(text)
        return 0

    try:
        changed = install_rules(text)
        if changed:
            reload_udev()
        ensure_group_membership()
    except subprocess.CalledProcessError as exc:
        log.error("command failed: %s", exc)
        return 1
    except PermissionError as exc:
        log.error("permission denied: %s", exc)
        return 1

    log.info("label printers configured: %s", ", ".join(models))
    return 0


if __name__ == "__main__":
    sys.exit(main())
