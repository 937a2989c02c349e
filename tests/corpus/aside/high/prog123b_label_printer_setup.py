#!/usr/bin/env python3
"""Set up a Zebra/Dymo thermal label printer for antique stock tags.

Detects the printer on USB, installs a udev rule so the shop account can
write to the raw device without root, adds the user to the lp group and
prints a test price tag.  Run once per counter PC.
"""
import argparse
import getpass
import logging
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("labelsetup")

KNOWN_PRINTERS = {
    ("0a5f", "00d3"): "Zebra GK420d",
    ("0a5f", "0181"): "Zebra ZD421",
    ("0922", "0028"): "Dymo LabelWriter 450",
    ("0922", "0020"): "Dymo LabelWriter 450 Turbo",
}
RULES_PATH = Path("/etc/udev/rules.d/72-shop-label-printer.rules")

TEST_TAG_ZPL = textwrap.dedent("""\
    ^XA
    ^CF0,28
    ^FO20,20^FDWalnut Davenport c.1870^FS
    ^FO20,60^FDStock A-1142   Cabinet 3^FS
    ^CF0,48
    ^FO20,100^FD£1,450^FS
    ^BY2^FO20,160^BCN,60,N,N^FDA1142^FS
    ^XZ
""")


def find_printer():
    base = Path("/sys/bus/usb/devices")
    for dev in base.glob("*"):
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        name = KNOWN_PRINTERS.get((vid, pid))
        if name:
            return vid, pid, name
    return None


def privileged(cmd, input_text=None):
    full = ["sudo"] + cmd
    log.debug("running %s", " ".join(full))
    return subprocess.run(full, input=input_text, text=True, check=True,
                          capture_output=True)


def install_rule(vid, pid, group):
    rule = (f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'MODE="0660", GROUP="{group}", SYMLINK+="shoplabel"\n'
            f'KERNEL=="lp[0-9]*", ATTRS{{idVendor}}=="{vid}", MODE="0660", GROUP="{group}"\n')
    if RULES_PATH.exists() and RULES_PATH.read_text() == rule:
        log.info("udev rule already current")
        return False
    privileged(["tee", str(RULES_PATH)], input_text=rule)
    privileged(["chmod", "0644", str(RULES_PATH)])
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=usb",
                f"--attr-match=idVendor={vid}"])
    log.info("installed %s", RULES_PATH)
    return True


def ensure_group(user, group):
    groups = subprocess.run(["id", "-nG", user], capture_output=True, text=True).stdout.split()
    if group in groups:
        return False
    privileged(["usermod", "-aG", group, user])
    log.warning("%s added to %s - log out and back in for it to apply", user, group)
    return True


def print_test_tag(device):
    dev = Path(device)
    if not dev.exists():
        log.warning("%s not present yet; replug the printer and rerun --test", dev)
        return
    with dev.open("wb") as fh:
        fh.write(TEST_TAG_ZPL.encode("utf-8"))
    log.info("test tag sent to %s", dev)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="lp")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--device", default="/dev/shoplabel")
    ap.add_argument("--test", action="store_true", help="only print a test tag")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if args.test:
        print_test_tag(args.device)
        return 0
    if not shutil.which("sudo"):
        log.error("sudo is required to install the device rule")
        return 2
    found = find_printer()
    if not found:
        log.error("no supported label printer detected on USB")
        return 1
    vid, pid, name = found
    log.info("found %s (%s:%s)", name, vid, pid)
    try:
        install_rule(vid, pid, args.group)
        ensure_group(args.user, args.group)
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s", exc.stderr.strip() if exc.stderr else exc)
        return 1
    print_test_tag(args.device)
    return 0


if __name__ == "__main__":
    sys.exit(main())
