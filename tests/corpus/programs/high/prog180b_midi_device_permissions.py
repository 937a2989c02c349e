#!/usr/bin/env python3
"""Give the lab's USB MIDI keyboards stable names and open permissions.

Writes a udev rule for the school's digital pianos (Roland, Yamaha, Kawai)
so the theory software can open them without root, then reloads udev.
"""
import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("midi_perms")

RULE_PATH = Path("/etc/udev/rules.d/70-piano-lab-midi.rules")

# vendor id -> friendly prefix
VENDORS = {
    "0582": "roland",
    "0499": "yamaha",
    "0f54": "kawai",
    "1c75": "arturia",
}


def render_rules(group):
    lines = ["# Managed by midi_device_permissions.py - piano lab"]
    for vid, name in sorted(VENDORS.items()):
        lines.append(
            f'SUBSYSTEM=="sound", ATTRS{{idVendor}}=="{vid}", '
            f'GROUP="{group}", MODE="0660", SYMLINK+="midi-{name}-%n"'
        )
        lines.append(
            f'SUBSYSTEM=="usb", ATTR{{idVendor}}=="{vid}", GROUP="{group}", MODE="0664"'
        )
    return "\n".join(lines) + "\n"


def write_rules(text, dry_run):
    if dry_run:
        print(text)
        return
    if os.geteuid() == 0:
        RULE_PATH.write_text(text)
        os.chmod(RULE_PATH, 0o644)
    else:
        subprocess.run(["sudo", "tee", str(RULE_PATH)], input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)
        subprocess.run(["sudo", "chmod", "644", str(RULE_PATH)], check=True)
    log.info("wrote %s", RULE_PATH)


def reload_udev(dry_run):
    cmds = [
        ["udevadm", "control", "--reload-rules"],
        ["udevadm", "trigger", "--subsystem-match=sound"],
    ]
    for cmd in cmds:
        if os.geteuid() != 0:
            cmd = ["sudo"] + cmd
        log.debug("running %s", " ".join(cmd))
        if not dry_run:
            subprocess.run(cmd, check=True)


def list_midi_devices():
    snd = Path("/dev/snd")
    if not snd.exists():
        return []
    return sorted(p.name for p in snd.iterdir() if p.name.startswith("midi"))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--group", default="audio")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    write_rules(render_rules(args.group), args.dry_run)
    try:
        reload_udev(args.dry_run)
    except subprocess.CalledProcessError as exc:
        log.error("udev reload failed: %s", exc)
        return 1

    devices = list_midi_devices()
    log.info("MIDI devices now visible: %s", ", ".join(devices) or "none")
    return 0


if __name__ == "__main__":
    sys.exit(main())
