#!/usr/bin/env python3
"""Serial setup for weighbridge indicators.

New terminals come up without a stable device name for the indicator's
USB-serial adapter, and the operator account cannot open it. This tool
finds the adapter, writes a udev rule giving it a fixed name and group,
and fixes permissions on the current device node.
"""

import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("serial-setup")

# known adapters shipped with indicators (vendor:product)
ADAPTERS = {
    "0403:6001": "ftdi",
    "067b:2303": "prolific",
    "1a86:7523": "ch340",
}
RULE_DIR = os.path.join("/", "etc", "udev", "rules.d")
RULE_NAME = "72-weighbridge-indicator.rules"
GROUP = "dialout"


def elevate_prefix():
    """Pick whichever elevation helper this terminal image has."""
    if os.geteuid() == 0:
        return []
    for helper in (os.environ.get("WB_ELEVATE"), "sudo", "doas", "pkexec"):
        if helper and shutil.which(helper):
            return [helper]
    raise RuntimeError("no elevation helper available")


def run_elevated(args, stdin_text=None):
    cmd = elevate_prefix() + args
    log.debug("running %s", cmd)
    return subprocess.run(cmd, input=stdin_text, text=True, check=True,
                          capture_output=True)


def find_adapter():
    for dev in sorted(glob.glob("/sys/bus/usb/devices/*")):
        try:
            with open(os.path.join(dev, "idVendor")) as fh:
                vid = fh.read().strip()
            with open(os.path.join(dev, "idProduct")) as fh:
                pid = fh.read().strip()
        except OSError:
            continue
        key = "%s:%s" % (vid, pid)
        if key in ADAPTERS:
            return vid, pid, ADAPTERS[key]
    return None


def rule_text(vid, pid):
    return ('SUBSYSTEM=="tty", ATTRS{idVendor}=="%s", ATTRS{idProduct}=="%s", '
            'SYMLINK+="weighbridge", GROUP="%s", MODE="0660"\n' % (vid, pid, GROUP))


def install_rule(vid, pid, dry_run):
    target = os.path.join(RULE_DIR, RULE_NAME)
    text = rule_text(vid, pid)
    if dry_run:
        print("would write %s:\n%s" % (target, text))
        return
    run_elevated(["tee", target], stdin_text=text)
    run_elevated(["udevadm", "control", "--reload-rules"])
    run_elevated(["udevadm", "trigger", "--subsystem-match=tty"])
    log.info("rule installed at %s", target)


def fix_current_nodes(dry_run):
    nodes = glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")
    for node in nodes:
        if dry_run:
            print("would chgrp/chmod", node)
            continue
        run_elevated(["chgrp", GROUP, node])
        run_elevated(["chmod", "0660", node])
        log.info("fixed %s", node)
    user = os.environ.get("SUDO_USER") or os.environ.get("USER")
    if user and not dry_run:
        run_elevated(["usermod", "-aG", GROUP, user])
        log.info("added %s to %s (log out and back in)", user, GROUP)


def main():
    ap = argparse.ArgumentParser(description="Set up weighbridge indicator serial port")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    found = find_adapter()
    if not found:
        log.error("no known indicator adapter plugged in")
        return 1
    vid, pid, kind = found
    log.info("found %s adapter %s:%s", kind, vid, pid)
    try:
        install_rule(vid, pid, args.dry_run)
        fix_current_nodes(args.dry_run)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("setup failed: %s", exc)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
