#!/usr/bin/env python3
"""Set up a survey laptop so the drone remote controller and the RTK base
station are usable by the survey software without fiddling.

Writes device rules that give the controller's USB serial bridge and the RTK
receiver stable names (/dev/drone-rc, /dev/rtk-base) and group access for the
'plugdev' group, then asks udev to pick the rules up.
"""

import argparse
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path
from string import Template

LOG = logging.getLogger("rc-setup")

RULES_DIR = Path("/etc/udev/rules.d")
RULES_NAME = "72-roof-survey-devices.rules"

# (vendor, product, symlink) for the kit the company runs
KNOWN_DEVICES = [
    ("2ca3", "001f", "drone-rc"),       # controller USB bridge
    ("1546", "01a9", "rtk-base"),       # u-blox F9P base
    ("10c4", "ea60", "rtk-radio"),      # CP210x telemetry radio
]

RULE_LINE = Template(
    'SUBSYSTEM=="$subsys", ATTRS{idVendor}=="$vendor", '
    'ATTRS{idProduct}=="$product", MODE="0660", GROUP="$group", '
    'SYMLINK+="$link"'
)


def render_rules(group, extra=()):
    lines = ["# roof survey kit - managed by drone_controller_udev_setup.py"]
    for vendor, product, link in list(KNOWN_DEVICES) + list(extra):
        for subsys in ("tty", "usb"):
            lines.append(RULE_LINE.substitute(subsys=subsys, vendor=vendor,
                                              product=product, group=group,
                                              link=link if subsys == "tty" else f"{link}-usb"))
    return "\n".join(lines) + "\n"


def parse_extra(values):
    extra = []
    for item in values or []:
        try:
            vid_pid, link = item.split("=", 1)
            vendor, product = vid_pid.lower().split(":")
        except ValueError:
            raise SystemExit(f"bad --device value {item!r}, expected VID:PID=name")
        extra.append((vendor, product, link))
    return extra


def elevate_if_needed(dry_run):
    if dry_run or os.geteuid() == 0:
        return
    helper = shutil.which("sudo")
    if not helper:
        raise SystemExit("needs administrator rights and sudo is not installed")
    LOG.info("re-running with administrator rights")
    os.execvp(helper, [helper, "--preserve-env=SURVEY_GROUP", sys.executable,
                       os.path.abspath(__file__)] + sys.argv[1:])


def install_rules(text, dry_run):
    target = RULES_DIR / RULES_NAME
    if target.exists() and target.read_text() == text:
        LOG.info("%s already up to date", target)
        return False
    if dry_run:
        print(text, end="")
        return False
    if target.exists():
        shutil.copy2(target, target.with_suffix(".rules.bak"))
    target.write_text(text)
    os.chmod(target, 0o644)
    LOG.info("wrote %s", target)
    return True


def reload_udev():
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty",
                 "--subsystem-match=usb", "--action=add"]):
        result = subprocess.run(cmd, capture_output=True, text=True)
        if result.returncode:
            LOG.warning("%s: %s", " ".join(cmd), result.stderr.strip())


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=os.environ.get("SURVEY_GROUP", "plugdev"))
    ap.add_argument("--device", action="append",
                    help="extra device as VID:PID=name, may repeat")
    ap.add_argument("--dry-run", action="store_true",
                    help="print the rules instead of installing them")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    text = render_rules(args.group, parse_extra(args.device))
    elevate_if_needed(args.dry_run)
    try:
        changed = install_rules(text, args.dry_run)
    except PermissionError as exc:
        LOG.error("cannot write rules: %s", exc)
        return 1
    if changed:
        reload_udev()
        LOG.info("unplug and replug the controller to pick up the new names")
    return 0


if __name__ == "__main__":
    sys.exit(main())
