#!/usr/bin/env python3
"""Set up a USB transcription foot pedal for the reporters' Linux laptops.

Transcription players read the pedal through /dev/hidraw*, which is only
readable by root out of the box. This tool detects the pedal model, installs
a udev rule that hands the device to the "plugdev" group, reloads udev and
adds the current user to that group.

Known pedals are listed in pedals.json next to this script (vendor/product
ids); the built-in table covers the common Infinity and Olympus models.
"""
import argparse
import getpass
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("pedal-setup")

RULES_PATH = "/etc/udev/rules.d/60-transcription-pedal.rules"
GROUP = "plugdev"

BUILTIN_PEDALS = {
    "infinity-in-usb-2": ("05f3", "00ff"),
    "infinity-in-usb-3": ("05f3", "0003"),
    "olympus-rs28": ("07b4", "0202"),
    "olympus-rs31": ("07b4", "0218"),
    "philips-acc2310": ("0911", "1844"),
}


def load_pedals(path):
    pedals = dict(BUILTIN_PEDALS)
    if path.exists():
        extra = json.loads(path.read_text())
        pedals.update({k: (v["vendor"], v["product"]) for k, v in extra.items()})
    return pedals


def connected_usb_ids():
    ids = set()
    for dev in Path("/sys/bus/usb/devices").glob("*"):
        try:
            vendor = (dev / "idVendor").read_text().strip()
            product = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        ids.add((vendor, product))
    return ids


def build_rules(pedals):
    lines = ["# Transcription foot pedals - managed by foot_pedal_setup.py"]
    for name, (vendor, product) in sorted(pedals.items()):
        lines.append(f"# {name}")
        lines.append(f'KERNEL=="hidraw*", ATTRS{{idVendor}}=="{vendor}", '
                     f'ATTRS{{idProduct}}=="{product}", MODE="0660", GROUP="{GROUP}", '
                     f'TAG+="uaccess"')
    return "\n".join(lines) + "\n"


def privileged(cmd, stdin=None):
    full = ["sudo"] + cmd
    log.debug("running %s", " ".join(shlex.quote(c) for c in full))
    result = subprocess.run(full, input=stdin, text=True, capture_output=True)
    if result.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {result.stderr.strip()}")
    return result.stdout


def install_rules(text):
    current = Path(RULES_PATH).read_text() if Path(RULES_PATH).exists() else ""
    if current == text:
        log.info("udev rule already up to date")
        return False
    privileged(["tee", RULES_PATH], stdin=text)
    privileged(["chmod", "0644", RULES_PATH])
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=hidraw"])


def grant_group(user):
    groups = subprocess.run(["id", "-nG", user], text=True, capture_output=True).stdout.split()
    if GROUP in groups:
        return False
    privileged(["usermod", "-aG", GROUP, user])
    log.info("added %s to %s (log out and back in to apply)", user, GROUP)
    return True


def main():
    ap = argparse.ArgumentParser(description="Install udev access for transcription pedals")
    ap.add_argument("--pedals", type=Path, default=Path(__file__).with_name("pedals.json"))
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true", help="print the rule and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    pedals = load_pedals(args.pedals)
    present = connected_usb_ids()
    found = [n for n, ids in pedals.items() if ids in present]
    if found:
        log.info("detected pedal(s): %s", ", ".join(found))
    else:
        log.warning("no known pedal connected; installing rules for all known models")

    rules = build_rules(pedals)
    if args.dry_run:
        sys.stdout.write(rules)
        return
    try:
        if install_rules(rules):
            reload_udev()
        grant_group(args.user)
    except RuntimeError as exc:
        log.error("%s", exc)
        sys.exit(1)
    log.info("done - unplug and replug the pedal")


if __name__ == "__main__":
    main()
