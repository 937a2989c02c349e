#!/usr/bin/env python3
"""Render and deploy udev rules for Android phones and dev boards.

Same vendor table as the render tool, but this one installs the rules into
the system rules directory, reloads udev and adds the invoking user to the
device group so adb/fastboot/esptool work without root afterwards.
"""
import argparse
import getpass
import logging
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

import yaml

LOG = logging.getLogger("udev-deploy")

RULES_DIR = Path("/etc/udev/rules.d")
RULES_NAME = "51-mobile-dev.rules"
DISTRO_GROUPS = {"arch": "uucp", "fedora": "dialout", "debian": "plugdev", "ubuntu": "plugdev"}
RULE_TMPL = ('SUBSYSTEM=="{subsystem}", ATTR{{idVendor}}=="{vid}"{pid_clause}, '
             'MODE="0660", GROUP="{group}", TAG+="uaccess"')


def os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line and not line.startswith("#"):
                k, _, v = line.partition("=")
                info[k] = v.strip('"')
    except OSError:
        pass
    return info


def pick_group(info):
    for cand in [info.get("ID", "")] + info.get("ID_LIKE", "").split():
        if cand in DISTRO_GROUPS:
            return DISTRO_GROUPS[cand]
    return "plugdev"


def render(vendors, group):
    out = ["# managed by udev-deploy"]
    for family, spec in sorted(vendors.items()):
        for dev in spec.get("devices", []):
            pid = dev.get("pid")
            out.append(RULE_TMPL.format(
                subsystem=spec.get("subsystem", "usb"),
                vid=str(dev["vid"]).lower(),
                pid_clause=f', ATTR{{idProduct}}=="{str(pid).lower()}"' if pid else "",
                group=group))
    return "\n".join(out) + "\n"


def privileged(cmd, dry_run=False):
    full = ["sudo", "--"] + cmd
    LOG.info("+ %s", shlex.join(full))
    if dry_run:
        return 0
    return subprocess.run(full, check=True).returncode


def deploy(text, group, user, dry_run):
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(text)
        staged = tmp.name
    target = RULES_DIR / RULES_NAME
    try:
        privileged(["install", "-o", "root", "-g", "root", "-m", "0644", staged, str(target)], dry_run)
        privileged(["udevadm", "control", "--reload-rules"], dry_run)
        privileged(["udevadm", "trigger", "--subsystem-match=usb"], dry_run)
        privileged(["udevadm", "trigger", "--subsystem-match=tty"], dry_run)
        privileged(["usermod", "-aG", group, user], dry_run)
    finally:
        Path(staged).unlink(missing_ok=True)
    return target


def main(argv=None):
    ap = argparse.ArgumentParser(description="install udev rules for mobile/embedded dev")
    ap.add_argument("--vendors", default="vendors.yaml")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--group")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        with open(args.vendors, encoding="utf-8") as fh:
            vendors = yaml.safe_load(fh) or {}
    except (OSError, yaml.YAMLError) as exc:
        LOG.error("cannot read vendor table: %s", exc)
        return 1

    group = args.group or pick_group(os_release())
    text = render(vendors, group)
    try:
        target = deploy(text, group, args.user, args.dry_run)
    except subprocess.CalledProcessError as exc:
        LOG.error("deployment step failed (%s)", exc)
        return 1
    LOG.info("rules installed at %s; %s must log out and in again for group %s",
             target, args.user, group)
    return 0


if __name__ == "__main__":
    sys.exit(main())
