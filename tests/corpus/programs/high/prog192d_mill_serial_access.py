#!/usr/bin/env python3
"""Give the CAM user access to the milling machine's USB-serial controller.

After a kernel update the mill's FTDI adapter comes up owned by root and the
CAM software cannot open it.  This installs a device rule for the adapter,
reloads the device manager and fixes the node that is already present.
"""
import argparse
import grp
import logging
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("millserial")

RULES_DIR = Path("/", "etc", "udev", "rules.d")
DEVICE_ROOT = Path("/", "dev")


@dataclass(frozen=True)
class Adapter:
    label: str
    vendor: str
    product: str
    symlink: str


ADAPTERS = {
    "ftdi": Adapter("FTDI FT232R (5-axis mill)", "0403", "6001", "dentalmill"),
    "ch340": Adapter("CH340 (wet grinder)", "1a86", "7523", "dentalgrinder"),
}


def _priv(*cmd):
    prefix = [] if os.geteuid() == 0 else ["sudo", "-n"]
    full = prefix + list(cmd)
    log.debug("run %s", " ".join(full))
    return subprocess.run(full, check=True, capture_output=True, text=True)


def rule_text(adapter, group):
    return (
        f'# {adapter.label} - managed by mill_serial_access\n'
        f'SUBSYSTEM=="tty", ATTRS{{idVendor}}=="{adapter.vendor}", '
        f'ATTRS{{idProduct}}=="{adapter.product}", GROUP="{group}", '
        f'MODE="0660", SYMLINK+="{adapter.symlink}"\n'
    )


def install_rule(adapter, group):
    target = RULES_DIR / f"99-{adapter.symlink}.rules"
    with tempfile.NamedTemporaryFile("w", suffix=".rules", delete=False) as tmp:
        tmp.write(rule_text(adapter, group))
        staged = tmp.name
    if os.access(RULES_DIR, os.W_OK):
        shutil.copyfile(staged, target)
        os.chmod(target, 0o644)
    else:
        _priv("install", "-m", "0644", "-o", "root", "-g", "root", staged, str(target))
    os.unlink(staged)
    log.info("installed %s", target)
    return target


def reload_rules():
    _priv("udevadm", "control", "--reload-rules")
    _priv("udevadm", "trigger", "--subsystem-match=tty")


def fix_present_nodes(group):
    gid = grp.getgrnam(group).gr_gid
    for node in sorted(DEVICE_ROOT.glob("ttyUSB*")):
        try:
            os.chown(node, -1, gid)
            os.chmod(node, 0o660)
        except PermissionError:
            _priv("chgrp", group, str(node))
            _priv("chmod", "0660", str(node))
        log.info("fixed %s", node)


def main():
    ap = argparse.ArgumentParser(description="Grant CAM access to the mill serial adapter")
    ap.add_argument("adapter", choices=sorted(ADAPTERS))
    ap.add_argument("--group", default=os.environ.get("MILL_GROUP", "dialout"))
    ap.add_argument("--no-reload", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    adapter = ADAPTERS[args.adapter]
    install_rule(adapter, args.group)
    if not args.no_reload:
        reload_rules()
    fix_present_nodes(args.group)
    log.info("%s ready as /dev/%s", adapter.label, adapter.symlink)


if __name__ == "__main__":
    main()
