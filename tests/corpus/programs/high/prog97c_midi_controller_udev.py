#!/usr/bin/env python3
"""Give musicians access to the room's MIDI controllers and audio interface.

Reads the device list from ./devices.toml (vendor/product ids of the
controllers and interfaces we own) and installs a udev rule so they get the
right group and a stable /dev/snd symlink whichever USB port they are
plugged into.  Needs root; re-launches itself through pkexec if necessary.

    midi_controller_udev.py             # install rule and reload udev
    midi_controller_udev.py --print     # only show the rule
"""

import argparse
import logging
import os
import subprocess
import sys
from pathlib import Path

try:
    import tomllib
except ImportError:  # python < 3.11
    import tomli as tomllib

LOG = logging.getLogger("midiudev")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "61-studio-controllers.rules"
HEADER = "# managed by midi_controller_udev.py - edit devices.toml instead\n"


def load_devices(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    devices = []
    for name, dev in data.get("device", {}).items():
        vid, pid = dev["vendor"].lower(), dev["product"].lower()
        if len(vid) != 4 or len(pid) != 4:
            raise ValueError(f"{name}: vendor/product must be 4 hex digits")
        devices.append({"name": name, "vid": vid, "pid": pid,
                        "group": dev.get("group", "audio"),
                        "link": dev.get("symlink", f"studio-{name}")})
    return devices


def render_rule(devices):
    lines = [HEADER]
    for d in devices:
        match = f'ATTRS{{idVendor}}=="{d["vid"]}", ATTRS{{idProduct}}=="{d["pid"]}"'
        lines.append(f"# {d['name']}\n")
        lines.append(f'SUBSYSTEM=="usb", {match}, GROUP="{d["group"]}", MODE="0660"\n')
        lines.append(f'SUBSYSTEM=="sound", KERNEL=="midi*", {match}, GROUP="{d["group"]}", '
                     f'MODE="0660", SYMLINK+="snd/{d["link"]}"\n')
    return "".join(lines)


def relaunch_as_root():
    helper = "pkexec" if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY") else "sudo"
    argv = [helper, sys.executable, os.path.abspath(__file__), *sys.argv[1:],
            "--devices", os.path.abspath(ARGS.devices)]
    LOG.info("need root, re-running via %s", helper)
    os.execvp(helper, argv)


def install(rule_text):
    target = RULES_DIR / RULE_NAME
    if target.exists() and target.read_text() == rule_text:
        LOG.info("%s already up to date", target)
        return False
    tmp = target.with_suffix(".tmp")
    tmp.write_text(rule_text)
    os.chmod(tmp, 0o644)
    os.chown(tmp, 0, 0)
    tmp.replace(target)
    LOG.info("wrote %s", target)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=usb", "--subsystem-match=sound"]):
        subprocess.run(cmd, check=True)


def main():
    global ARGS
    ap = argparse.ArgumentParser(description="install udev rules for studio MIDI/audio gear")
    ap.add_argument("--devices", default="devices.toml")
    ap.add_argument("--print", dest="print_only", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    ARGS = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if ARGS.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        devices = load_devices(ARGS.devices)
    except (OSError, KeyError, ValueError, tomllib.TOMLDecodeError) as exc:
        LOG.error("cannot read %s: %s", ARGS.devices, exc)
        return 1
    if not devices:
        LOG.error("no [device.*] entries in %s", ARGS.devices)
        return 1
    rule = render_rule(devices)

    if ARGS.print_only:
        sys.stdout.write(rule)
        return 0
    if os.geteuid() != 0:
        relaunch_as_root()

    try:
        if install(rule):
            reload_udev()
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("install failed: %s", exc)
        return 1
    LOG.info("%d devices configured; replug them to apply", len(devices))
    return 0


ARGS = None

if __name__ == "__main__":
    sys.exit(main())
