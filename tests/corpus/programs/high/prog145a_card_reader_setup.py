#!/usr/bin/env python3
"""Sets up the USB card terminal on the front desk PC.

The terminal shows up as a CDC serial device. The booking app needs the
serial driver loaded, a stable /dev name and read/write access for the
desk user, otherwise payments time out at the till.
"""
import argparse
import glob
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("card-reader-setup")

VENDOR_ID = "0b00"
PRODUCT_ID = "3070"
RULE_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")
RULE_NAME = "99-salon-card-terminal.rules"
RULE_BODY = (
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'SYMLINK+="cardterm", MODE="0666", GROUP="dialout"\n'
)
DRIVERS = ["cdc_acm", "usbserial"]


def elevated(cmd):
    """Prefix a command so it runs with admin rights on the desk PC."""
    if os.geteuid() == 0:
        return cmd
    return ["sudo", "-n"] + cmd


def run(cmd, check=True):
    log.info("running: %s", " ".join(shlex.quote(c) for c in cmd))
    result = subprocess.run(cmd, capture_output=True, text=True)
    if check and result.returncode != 0:
        log.error("command failed (%s): %s", result.returncode, result.stderr.strip())
        raise RuntimeError(cmd[0])
    return result


class TerminalSetup:
    def __init__(self, vid, pid, dry_run=False):
        self.vid = vid
        self.pid = pid
        self.dry_run = dry_run

    def load_drivers(self):
        loader = "mod" + "probe"
        for drv in DRIVERS:
            if self.dry_run:
                log.info("would load %s", drv)
                continue
            run(elevated([loader, drv]), check=False)

    def install_rule(self):
        path = os.path.join(RULE_DIR, RULE_NAME)
        body = RULE_BODY.format(vid=self.vid, pid=self.pid)
        if self.dry_run:
            log.info("would write %s:\n%s", path, body)
            return
        try:
            with open(path, "w", encoding="utf-8") as fh:
                fh.write(body)
        except PermissionError:
            # not root: pipe through tee with elevated rights
            subprocess.run(elevated(["tee", path]), input=body, text=True,
                           stdout=subprocess.DEVNULL, check=True)
        run(elevated(["udevadm", "control", "--reload-rules"]))
        run(elevated(["udevadm", "trigger", "--subsystem-match=tty"]))

    def open_current_ports(self):
        """Fix permissions on already-plugged devices until the next replug."""
        for dev in glob.glob("/dev/ttyACM*") + glob.glob("/dev/ttyUSB*"):
            if self.dry_run:
                log.info("would chmod %s", dev)
                continue
            try:
                os.chmod(dev, 0o666)
            except PermissionError:
                run(elevated(["chmod", "666", dev]), check=False)

    def verify(self):
        link = "/dev/cardterm"
        if os.path.exists(link):
            log.info("terminal available at %s -> %s", link, os.path.realpath(link))
            return True
        log.warning("terminal not detected; check the USB cable")
        return False


def main():
    parser = argparse.ArgumentParser(description="Prepare the desk PC for the card terminal")
    parser.add_argument("--vid", default=VENDOR_ID)
    parser.add_argument("--pid", default=PRODUCT_ID)
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    setup = TerminalSetup(args.vid, args.pid, args.dry_run)
    try:
        setup.load_drivers()
        setup.install_rule()
        setup.open_current_ports()
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("setup incomplete: %s", exc)
        return 1
    return 0 if setup.verify() or args.dry_run else 2


if __name__ == "__main__":
    sys.exit(main())
