#!/usr/bin/env python3
"""Signature pad device setup for waiver kiosks.

The USB signature pads on the waiver kiosks enumerate as CDC-ACM serial
devices.  After a kiosk re-image the kiosk app cannot open them.  This
tool loads the driver, installs a udev rule granting the kiosk group
access, and fixes the permissions of the nodes that already exist.
"""

import argparse
import glob
import grp
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("sigpad-setup")

PADS = {
    "topaz": {"vendor": "0403", "product": "6001"},
    "wacom": {"vendor": "056a", "product": "00a8"},
}

LAYOUT = {
    "rules_dir": os.path.join(os.sep, "etc", "udev", "rules.d"),
    "rule_file": "72-waiver-sigpad.rules",
    "dev_globs": [os.path.join(os.sep, "dev", "tty" + s + "*") for s in ("ACM", "USB")],
    "driver": "cdc_" + "acm",
    "group": "kiosk",
    "mode": 0o660,
}

RULE_TMPL = ('SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{vendor}", '
             'ATTRS{{idProduct}}=="{product}", GROUP="{group}", MODE="0660", '
             'SYMLINK+="sigpad-{name}"\n')


def run(cmd, check=True):
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def load_driver(name):
    res = run(["mod" + "probe", name], check=False)
    if res.returncode != 0:
        LOG.warning("driver %s did not load: %s", name, res.stderr.strip())
        return False
    LOG.info("driver %s loaded", name)
    return True


def render_rules(group):
    return "".join(
        RULE_TMPL.format(name=n, group=group, **ids) for n, ids in PADS.items()
    )


def install_rule(group, dry_run):
    path = os.path.join(LAYOUT["rules_dir"], LAYOUT["rule_file"])
    body = "# managed by sigpad-setup\n" + render_rules(group)
    if dry_run:
        LOG.info("dry run: would write %s:\n%s", path, body)
        return
    with open(path, "w", encoding="ascii") as fh:
        fh.write(body)
    os.chmod(path, 0o644)
    run(["udevadm", "control", "--reload-rules"])
    run(["udevadm", "trigger", "--subsystem-match=tty"])
    LOG.info("rule installed at %s", path)


def fix_nodes(group, mode, dry_run):
    try:
        gid = grp.getgrnam(group).gr_gid
    except KeyError:
        LOG.error("group %s does not exist", group)
        return 0
    fixed = 0
    for pattern in LAYOUT["dev_globs"]:
        for node in glob.glob(pattern):
            if dry_run:
                LOG.info("dry run: would chown/chmod %s", node)
                continue
            try:
                os.chown(node, -1, gid)
                os.chmod(node, mode)
                fixed += 1
            except PermissionError as exc:
                LOG.warning("cannot fix %s: %s", node, exc)
    return fixed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--group", default=LAYOUT["group"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--skip-driver", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    if os.geteuid() != 0 and not args.dry_run:
        LOG.error("run as root (e.g. from the kiosk provisioning session)")
        return 1
    try:
        if not args.skip_driver and not args.dry_run:
            load_driver(LAYOUT["driver"])
        install_rule(args.group, args.dry_run)
        n = fix_nodes(args.group, LAYOUT["mode"], args.dry_run)
        LOG.info("adjusted %d device nodes", n)
    except (OSError, subprocess.CalledProcessError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
