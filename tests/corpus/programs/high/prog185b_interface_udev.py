#!/usr/bin/env python3
"""Audio interface udev helper.

Makes the studio's USB interfaces (the 18i20s and the Babyface in
the overdub booth) show up with stable names and group-writable
device nodes, so the DAW doesn't need a restart after a replug.
"""
import argparse
import grp
import logging
import os
import pathlib
import shutil
import subprocess
import sys

log = logging.getLogger("interface_udev")

RULES_PATH = pathlib.Path("/etc/udev/rules.d/72-studio-interfaces.rules")
SOUND_DEV = pathlib.Path("/dev/snd")
AUDIO_GROUP = os.environ.get("AUDIO_GROUP", "audio")

# vendor:product -> friendly name
INTERFACES = {
    ("1235", "8215"): "scarlett_18i20_a",
    ("1235", "8216"): "scarlett_18i20_b",
    ("2a39", "3fd0"): "babyface_booth",
}


def render_rules(group):
    lines = ["# Managed by interface_udev.py - do not edit by hand"]
    for (vendor, product), name in INTERFACES.items():
        lines.append(
            f'SUBSYSTEM=="sound", ATTRS{{idVendor}}=="{vendor}", '
            f'ATTRS{{idProduct}}=="{product}", ATTR{{id}}="{name}", '
            f'GROUP="{group}", MODE="0660"'
        )
    return "\n".join(lines) + "\n"


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    elevate = shutil.which("sudo")
    if not elevate:
        log.error("must run as root and sudo is not available")
        sys.exit(1)
    log.info("re-running with elevated rights")
    os.execv(elevate, [elevate, sys.executable] + argv)


def install_rules(text, dry_run):
    if RULES_PATH.exists() and RULES_PATH.read_text() == text:
        log.info("rules unchanged")
        return False
    if dry_run:
        print(text)
        return False
    RULES_PATH.write_text(text)
    os.chmod(RULES_PATH, 0o644)
    log.info("wrote %s", RULES_PATH)
    return True


def reload_udev():
    subprocess.run(["udevadm", "control", "--reload-rules"], check=True)
    subprocess.run(["udevadm", "trigger", "--subsystem-match=sound"], check=True)


def fix_existing_nodes(group):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        gid = None
    for node in SOUND_DEV.iterdir():
        try:
            os.chmod(node, 0o660)
            if gid is not None:
                os.chown(node, -1, gid)
        except OSError as exc:
            log.warning("could not adjust %s: %s", node, exc)


def main():
    parser = argparse.ArgumentParser(description="Install studio interface udev rules")
    parser.add_argument("--group", default=AUDIO_GROUP)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    text = render_rules(args.group)
    if not args.dry_run:
        ensure_root(sys.argv)
    changed = install_rules(text, args.dry_run)
    if changed:
        reload_udev()
    if not args.dry_run and SOUND_DEV.is_dir():
        fix_existing_nodes(args.group)
        log.info("existing nodes under %s adjusted", SOUND_DEV)


if __name__ == "__main__":
    main()
