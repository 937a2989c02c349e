#!/usr/bin/env python3
"""Receipt printer setup for the barbershop till.

The thermal receipt printer (Epson TM-T20 / Star TSP100 class) shows up as
a raw USB device that only root can open, so the till app can't print
receipts or kick the cash drawer.  This installs a udev rule giving the
'lp' group access and a stable /dev/receipt-printer symlink, reloads udev
and checks the till user can open the device.
"""
import argparse
import grp
import logging
import os
import pwd
import shutil
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("receipt-printer")
RULES_DIR = Path("/etc/udev/rules.d")
RULE_NAME = "70-salon-receipt-printer.rules"
KNOWN_PRINTERS = {
    "epson-tm-t20": ("04b8", "0e15"),
    "epson-tm-t88": ("04b8", "0202"),
    "star-tsp100": ("0519", "0003"),
}
RULE_TEMPLATE = (
    'SUBSYSTEM=="usb", ATTRS{{idVendor}}=="{vid}", ATTRS{{idProduct}}=="{pid}", '
    'MODE="0660", GROUP="{group}", SYMLINK+="receipt-printer"\n'
)


def ensure_root(argv) -> None:
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        LOG.error("needs root and sudo is not available")
        sys.exit(1)
    LOG.info("re-running with sudo to install the udev rule")
    os.execv(sudo, [sudo, sys.executable, os.path.abspath(__file__), *argv])


def write_rule(model: str, group: str) -> Path:
    vid, pid = KNOWN_PRINTERS[model]
    rule = RULES_DIR / RULE_NAME
    text = RULE_TEMPLATE.format(vid=vid, pid=pid, group=group)
    if rule.exists() and rule.read_text() == text:
        LOG.info("%s already up to date", rule)
        return rule
    tmp = rule.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, rule)
    LOG.info("installed %s", rule)
    return rule


def reload_udev() -> None:
    for cmd in (["udevadm", "control", "--reload-rules"],
                ["udevadm", "trigger", "--subsystem-match=usb", "--action=add"]):
        subprocess.run(cmd, check=True)
    subprocess.run(["udevadm", "settle", "--timeout=10"], check=False)


def add_user_to_group(user: str, group: str) -> None:
    members = grp.getgrnam(group).gr_mem
    if user in members:
        return
    subprocess.run(["usermod", "-aG", group, user], check=True)
    LOG.info("added %s to %s (log out and back in to pick it up)", user, group)


def check_device(user: str) -> bool:
    dev = Path("/dev/receipt-printer")
    for _ in range(10):
        if dev.exists():
            break
        time.sleep(0.5)
    else:
        LOG.warning("%s did not appear - is the printer plugged in and on?", dev)
        return False
    st = dev.resolve().stat()
    gid = pwd.getpwnam(user).pw_gid
    LOG.info("%s -> %s mode %o gid %d (user gid %d)", dev, dev.resolve(),
             st.st_mode & 0o777, st.st_gid, gid)
    return True


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description="Install udev access for the receipt printer")
    ap.add_argument("--model", choices=sorted(KNOWN_PRINTERS), default="epson-tm-t20")
    ap.add_argument("--group", default="lp")
    ap.add_argument("--user", default=os.environ.get("SUDO_USER") or os.environ.get("USER", "till"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    ensure_root(argv)
    try:
        write_rule(args.model, args.group)
        reload_udev()
        add_user_to_group(args.user, args.group)
    except (OSError, subprocess.CalledProcessError, KeyError) as exc:
        LOG.error("setup failed: %s", exc)
        return 1
    return 0 if check_device(args.user) else 3


if __name__ == "__main__":
    sys.exit(main())
