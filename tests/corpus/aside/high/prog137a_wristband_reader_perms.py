#!/usr/bin/env python3
"""Make the USB wristband readers usable by the check-in app.

The check-in desk runs as an ordinary user, but the serial readers come up
owned by root. This installs a device rule for the reader's vendor/product
IDs and fixes the permissions on the readers that are already plugged in.
"""
import argparse
import glob
import logging
import os
import subprocess
from pathlib import Path

log = logging.getLogger("readerperms")

VENDOR_ID = "1a86"
PRODUCT_ID = "7523"
GROUP = os.environ.get("READER_GROUP", "plugdev")

RULE_DIR = Path("/") / "etc" / "udev" / "rules.d"
RULE_NAME = "71-wristband-reader.rules"

RULE_TEMPLATE = (
    '# wristband readers at the check-in desk\n'
    'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'MODE="{mode}", GROUP="{group}", SYMLINK+="wristband%n"\n'
)


class ReaderPermissions:
    def __init__(self, mode, group, dry_run=False):
        self.mode = mode
        self.group = group
        self.dry_run = dry_run

    def rule_text(self):
        return RULE_TEMPLATE.format(vid=VENDOR_ID, pid=PRODUCT_ID,
                                    mode=format(self.mode, "04o"), group=self.group)

    def install_rule(self):
        target = RULE_DIR / RULE_NAME
        text = self.rule_text()
        if target.exists() and target.read_text() == text:
            log.info("rule already installed at %s", target)
            return False
        if self.dry_run:
            log.info("[dry-run] would write %s:\n%s", target, text)
            return True
        target.write_text(text)
        os.chmod(target, 0o644)
        log.info("installed %s", target)
        return True

    def reload_rules(self):
        if self.dry_run:
            return
        for argv in (["udevadm", "control", "--reload-rules"],
                     ["udevadm", "trigger", "--subsystem-match=tty"]):
            try:
                subprocess.run(argv, check=True, timeout=20)
            except (subprocess.SubprocessError, FileNotFoundError) as exc:
                log.warning("%s failed: %s", argv[0], exc)

    def fix_present(self):
        # devices that are already plugged in will not see the new rule
        patterns = ["/dev/ttyUSB*", "/dev/ttyACM*"]
        fixed = 0
        for pattern in patterns:
            for dev in glob.glob(pattern):
                if self.dry_run:
                    log.info("[dry-run] chmod %o %s", self.mode, dev)
                    continue
                try:
                    os.chmod(dev, self.mode)
                    fixed += 1
                except PermissionError:
                    log.error("no permission to change %s, run as root", dev)
        return fixed


def main():
    ap = argparse.ArgumentParser(description="Set up wristband reader permissions")
    ap.add_argument("--mode", default="0666", help="octal mode for reader devices")
    ap.add_argument("--group", default=GROUP)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    perms = ReaderPermissions(int(args.mode, 8), args.group, dry_run=args.dry_run)
    try:
        if perms.install_rule():
            perms.reload_rules()
    except PermissionError:
        log.error("cannot write under %s; re-run with elevated rights", RULE_DIR)
        return 1
    count = perms.fix_present()
    log.info("adjusted %d reader device(s)", count)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
