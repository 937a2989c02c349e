#!/usr/bin/env python3
"""Give the studio user access to USB audio interfaces and MIDI gear.

Some class-compliant interfaces (and most DFU firmware updaters for them)
come up with root-only device nodes.  This tool reads the vendor/product
IDs from interfaces.yaml, writes a udev rule that hands those devices to
the audio group, reloads udev and fixes up the nodes that are already
plugged in so nobody has to replug before the session.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("usb-audio-perms")

RULE_PATH = Path("/etc/udev/rules.d/70-studio-audio.rules")
RULE_TEMPLATE = ('SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
                 'MODE="0660", GROUP="{group}", TAG+="uaccess"  # {label}\n')


def load_devices(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    devices = []
    for entry in data.get("devices", []):
        try:
            devices.append({"vid": f"{int(str(entry['vid']), 16):04x}",
                            "pid": f"{int(str(entry['pid']), 16):04x}",
                            "label": entry.get("label", "")})
        except (KeyError, ValueError) as exc:
            log.warning("skipping bad entry %r: %s", entry, exc)
    return devices, data.get("group", "audio")


def render_rules(devices, group):
    lines = ["# Managed by usb-audio-perms; edit interfaces.yaml instead\n"]
    lines += [RULE_TEMPLATE.format(group=group, **d) for d in devices]
    return "".join(lines)


def privileged(cmd, stdin=None):
    """Run cmd as root, asking through polkit when we are not root."""
    if os.geteuid() != 0:
        helper = shutil.which("pkexec") or shutil.which("sudo")
        if not helper:
            raise PermissionError("need pkexec or sudo")
        cmd = [helper, *cmd]
    return subprocess.run(cmd, input=stdin, text=True, capture_output=True, check=True)


def install_rules(text, dry_run):
    if RULE_PATH.exists() and RULE_PATH.read_text() == text:
        log.info("%s unchanged", RULE_PATH)
        return False
    if dry_run:
        print(text)
        return False
    privileged(["tee", str(RULE_PATH)], stdin=text)
    privileged(["udevadm", "control", "--reload-rules"])
    log.info("installed %s", RULE_PATH)
    return True


def sysfs_ids(devnode):
    """Map /dev/bus/usb/BBB/DDD back to vendor/product via sysfs."""
    for dev in Path("/sys/bus/usb/devices").iterdir():
        try:
            bus = int((dev / "busnum").read_text())
            num = int((dev / "devnum").read_text())
        except (OSError, ValueError):
            continue
        if devnode == Path(f"/dev/bus/usb/{bus:03d}/{num:03d}"):
            return ((dev / "idVendor").read_text().strip(),
                    (dev / "idProduct").read_text().strip())
    return None, None


def fix_present(devices, group, dry_run):
    wanted = {(d["vid"], d["pid"]) for d in devices}
    gid = grp.getgrnam(group).gr_gid
    fixed = 0
    for node in sorted(Path("/dev/bus/usb").glob("*/*")):
        ids = sysfs_ids(node)
        if ids not in wanted:
            continue
        if dry_run:
            log.info("would chgrp %s to %s", node, group)
            continue
        if os.geteuid() == 0:
            os.chown(node, -1, gid)
            os.chmod(node, 0o660)
        else:
            privileged(["chgrp", group, str(node)])
            privileged(["chmod", "0660", str(node)])
        fixed += 1
    for node in Path("/dev/snd").glob("*"):
        if node.is_char_device() and node.stat().st_gid != gid and not dry_run:
            privileged(["chgrp", group, str(node)])
    log.info("adjusted %d plugged-in device(s)", fixed)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="interfaces.yaml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        devices, group = load_devices(args.config)
    except (OSError, yaml.YAMLError) as exc:
        log.error("config: %s", exc)
        return 1
    if not devices:
        log.error("no devices listed in %s", args.config)
        return 1
    try:
        install_rules(render_rules(devices, group), args.dry_run)
        fix_present(devices, group, args.dry_run)
    except (PermissionError, subprocess.CalledProcessError, KeyError) as exc:
        log.error("%s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
