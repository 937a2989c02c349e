#!/usr/bin/env python3
"""Give the check-in app access to the turnstile RFID readers.

The readers show up as USB serial adapters. Out of the box only root can open
them, so the front-desk app fails with "permission denied" after every reboot.
This tool writes a device rule keyed on the reader's vendor/product id,
reloads the device manager and fixes the permissions on any reader that is
already plugged in.
"""
import argparse
import glob
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("reader-perms")

READERS = {
    # vendor:product -> friendly name
    "0403:6001": "entry-gate",
    "10c4:ea60": "exit-gate",
}
RULE_DIR = "/etc/udev/rules.d"
RULE_NAME = "72-turnstile-readers.rules"
GROUP = "dialout"


def render_rules(readers, group, mode):
    lines = ["# turnstile RFID readers, managed by reader-perms"]
    for vidpid, name in sorted(readers.items()):
        vid, pid = vidpid.split(":")
        lines.append(
            f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
            f'GROUP="{group}", MODE="{mode}", SYMLINK+="turnstile-{name}"'
        )
    return "\n".join(lines) + "\n"


def elevate_cmd(cmd):
    """Prefix with an elevation helper when not already root."""
    if os.geteuid() == 0:
        return cmd
    for helper in ("sudo", "doas", "pkexec"):
        if shutil.which(helper):
            return [helper] + cmd
    raise RuntimeError("need root and no elevation helper found")


def install_rule(text, dry_run=False):
    target = os.path.join(RULE_DIR, RULE_NAME)
    if dry_run:
        print(f"--- would write {target} ---\n{text}")
        return target
    if os.geteuid() == 0:
        with open(target, "w") as fh:
            fh.write(text)
    else:
        # write through tee so the elevation helper owns the file write
        subprocess.run(elevate_cmd(["tee", target]), input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)
    log.info("wrote %s", target)
    return target


def reload_rules(dry_run=False):
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=tty"]):
        if dry_run:
            print("would run:", " ".join(cmd))
            continue
        subprocess.run(elevate_cmd(cmd), check=False)


def fix_existing(mode, dry_run=False):
    nodes = sorted(glob.glob("/dev/ttyUSB*") + glob.glob("/dev/ttyACM*"))
    for node in nodes:
        if dry_run:
            print(f"would chmod {mode} {node}")
            continue
        try:
            os.chmod(node, int(mode, 8))
            shutil.chown(node, group=GROUP)
        except PermissionError:
            subprocess.run(elevate_cmd(["chmod", mode, node]), check=False)
            subprocess.run(elevate_cmd(["chgrp", GROUP, node]), check=False)
        log.info("fixed %s", node)
    return nodes


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--mode", default="0666", help="device mode for reader nodes")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-existing", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    text = render_rules(READERS, GROUP, args.mode)
    try:
        install_rule(text, args.dry_run)
        reload_rules(args.dry_run)
        if not args.skip_existing:
            fixed = fix_existing(args.mode, args.dry_run)
            log.info("%d reader node(s) updated", len(fixed))
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
