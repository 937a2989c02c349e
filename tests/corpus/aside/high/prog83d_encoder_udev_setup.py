#!/usr/bin/env python3
"""Give the front-desk user stable access to the USB key-card encoder.

The desktop encoders enumerate as a USB serial adapter whose device node
changes every time a card is jammed and the encoder is replugged. This
finds the encoder on the USB bus, writes a device rule that gives it a
fixed /dev/keyencoder name readable by the ``frontdesk`` group, and asks
udev to reload so the desk software can find it without a reboot.
"""

import argparse
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

log = logging.getLogger("encoder_udev")

RULES_PATH = Path("/etc/udev/rules.d/72-keycard-encoder.rules")
KNOWN_ENCODERS = {
    ("0403", "6001"): "FTDI-based desktop encoder",
    ("067b", "2303"): "Prolific-based desktop encoder",
    ("10c4", "ea60"): "CP210x-based desktop encoder",
}


def read_attr(dev, name):
    try:
        return (dev / name).read_text().strip().lower()
    except OSError:
        return None


def find_encoders(sysfs=Path("/sys/bus/usb/devices")):
    for dev in sorted(sysfs.iterdir()):
        vid, pid = read_attr(dev, "idVendor"), read_attr(dev, "idProduct")
        if (vid, pid) in KNOWN_ENCODERS:
            yield {
                "vid": vid,
                "pid": pid,
                "serial": read_attr(dev, "serial"),
                "model": KNOWN_ENCODERS[(vid, pid)],
                "path": dev.name,
            }


def render_rules(encoders, group, symlink):
    lines = ["# key-card encoders for the front desk, managed by encoder_udev_setup"]
    for n, enc in enumerate(encoders):
        name = symlink if n == 0 else f"{symlink}{n}"
        match = [
            'SUBSYSTEM=="tty"',
            f'ATTRS{{idVendor}}=="{enc["vid"]}"',
            f'ATTRS{{idProduct}}=="{enc["pid"]}"',
        ]
        if enc["serial"]:
            match.append(f'ATTRS{{serial}}=="{enc["serial"]}"')
        lines.append(", ".join(match + [f'GROUP="{group}"', 'MODE="0660"',
                                        f'SYMLINK+="{name}"']))
    return "\n".join(lines) + "\n"


def privileged(cmd):
    if os.geteuid() != 0:
        cmd = ["sudo"] + cmd
    log.debug("running %s", " ".join(cmd))
    return subprocess.run(cmd, check=True)


def install_rules(text, dest=RULES_PATH):
    with tempfile.NamedTemporaryFile("w", delete=False, suffix=".rules") as tmp:
        tmp.write(text)
        staged = tmp.name
    try:
        privileged(["install", "-o", "root", "-g", "root", "-m", "0644", staged, str(dest)])
    finally:
        os.unlink(staged)
    log.info("rules written to %s", dest)


def reload_udev():
    privileged(["udevadm", "control", "--reload-rules"])
    privileged(["udevadm", "trigger", "--subsystem-match=tty", "--action=add"])


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--group", default="frontdesk")
    ap.add_argument("--symlink", default="keyencoder")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="show the rules instead of installing them")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    encoders = list(find_encoders())
    if not encoders:
        log.error("no known encoder on the USB bus; is it plugged in and powered?")
        return 1
    for enc in encoders:
        log.info("found %s at %s (serial %s)", enc["model"], enc["path"], enc["serial"] or "-")

    text = render_rules(encoders, args.group, args.symlink)
    if args.print_only:
        sys.stdout.write(text)
        return 0
    try:
        install_rules(text)
        reload_udev()
    except (subprocess.CalledProcessError, OSError) as exc:
        log.error("could not install rules: %s", exc)
        return 1
    log.info("encoder available as /dev/%s", args.symlink)
    return 0


if __name__ == "__main__":
    sys.exit(main())
