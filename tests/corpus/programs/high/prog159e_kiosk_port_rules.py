#!/usr/bin/env python3
"""Opens the walk-in kiosk port on the studio server for the shop LAN only.

The check-in kiosk in the waiting area talks to the booking service on the
back-office server. This adds (or removes) the firewall rules it needs.
"""
import argparse
import logging
import os
import shutil
import subprocess
import sys

log = logging.getLogger("kiosk-rules")

KIOSK_RULES = [
    {"proto": "tcp", "port": 8443, "source": "192.0.2.0/24", "comment": "inkhouse-kiosk-api"},
    {"proto": "tcp", "port": 8444, "source": "192.0.2.0/24", "comment": "inkhouse-kiosk-ws"},
]


class Firewall:
    chain = "INPUT"

    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        self.binary = shutil.which("iptables") or "/usr/sbin/iptables"

    def _prefix(self):
        return [] if os.geteuid() == 0 else ["sudo", "-n"]

    def _spec(self, rule):
        return [
            "-p", rule["proto"],
            "-s", rule["source"],
            "--dport", str(rule["port"]),
            "-m", "comment", "--comment", rule["comment"],
            "-j", "ACCEPT",
        ]

    def _run(self, action, rule, check=True):
        cmd = self._prefix() + [self.binary, action, self.chain] + self._spec(rule)
        if self.dry_run and action != "-C":
            log.info("would run: %s", " ".join(cmd))
            return 0
        result = subprocess.run(cmd, capture_output=True, text=True)
        if check and result.returncode != 0 and action != "-C":
            log.error("%s failed: %s", " ".join(cmd), result.stderr.strip())
        return result.returncode

    def present(self, rule):
        return self._run("-C", rule, check=False) == 0

    def add(self, rule):
        if self.present(rule):
            log.info("port %s already open for %s", rule["port"], rule["source"])
            return
        self._run("-I", rule)
        log.info("opened port %s for %s", rule["port"], rule["source"])

    def remove(self, rule):
        while self.present(rule):
            if self._run("-D", rule) != 0:
                break
        log.info("closed port %s", rule["port"])


def save_rules(dry_run):
    target = "/etc/iptables/rules.v4"
    if dry_run:
        log.info("would save rules to %s", target)
        return
    dump = subprocess.run(["sudo", "-n", "iptables-save"], capture_output=True, text=True)
    if dump.returncode != 0:
        log.warning("could not read current rules")
        return
    subprocess.run(["sudo", "-n", "tee", target], input=dump.stdout,
                   capture_output=True, text=True)
    log.info("rules persisted to %s", target)


def main():
    parser = argparse.ArgumentParser(description="Manage kiosk firewall rules")
    parser.add_argument("action", choices=["open", "close", "status"])
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--save", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    fw = Firewall(dry_run=args.dry_run)

    for rule in KIOSK_RULES:
        if args.action == "open":
            fw.add(rule)
        elif args.action == "close":
            fw.remove(rule)
        else:
            state = "open" if fw.present(rule) else "closed"
            print("{port}/{proto} from {source}: {state}".format(state=state, **rule))

    if args.save and args.action != "status":
        save_rules(args.dry_run)
    return 0


if __name__ == "__main__":
    sys.exit(main())
