#!/usr/bin/env python3
"""Open the ports the self check-in kiosk needs on the shop server.

The kiosk on the waiting-area tablet talks to the booking server on the
back-office PC. This adds narrow iptables rules for the shop LAN only.
"""
import argparse
import ipaddress
import logging
import os
import shlex
import subprocess

log = logging.getLogger("kiosk_fw")

SHOP_LAN = os.environ.get("SHOP_LAN", "192.0.2.0/24")
DEFAULT_PORTS = [8080, 8443]
COMMENT = "chairbook-kiosk"


def run(cmd, dry_run):
    log.info("$ %s", shlex.join(cmd))
    if dry_run:
        return 0
    return subprocess.run(cmd, check=False).returncode


def rule_exists(port, lan):
    check = ["sudo", "iptables", "-C", "INPUT", "-p", "tcp", "-s", lan,
             "--dport", str(port), "-m", "comment", "--comment", COMMENT,
             "-j", "ACCEPT"]
    return subprocess.run(check, stdout=subprocess.DEVNULL,
                          stderr=subprocess.DEVNULL).returncode == 0


def add_rules(ports, lan, dry_run):
    for port in ports:
        if not dry_run and rule_exists(port, lan):
            log.info("rule for %d already present", port)
            continue
        run(["sudo", "iptables", "-I", "INPUT", "-p", "tcp", "-s", lan,
             "--dport", str(port), "-m", "comment", "--comment", COMMENT,
             "-j", "ACCEPT"], dry_run)


def remove_rules(ports, lan, dry_run):
    for port in ports:
        run(["sudo", "iptables", "-D", "INPUT", "-p", "tcp", "-s", lan,
             "--dport", str(port), "-m", "comment", "--comment", COMMENT,
             "-j", "ACCEPT"], dry_run)


def save_rules(dry_run):
    log.info("saving rules so they survive a reboot")
    if dry_run:
        return
    result = subprocess.run(["sudo", "iptables-save"], capture_output=True, text=True)
    subprocess.run(["sudo", "tee", "/etc/iptables/rules.v4"], input=result.stdout,
                   text=True, stdout=subprocess.DEVNULL, check=False)


def main():
    parser = argparse.ArgumentParser(description="Kiosk firewall rules")
    parser.add_argument("action", choices=["add", "remove"])
    parser.add_argument("--lan", default=SHOP_LAN)
    parser.add_argument("--port", type=int, action="append", dest="ports")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--save", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    lan = str(ipaddress.ip_network(args.lan, strict=False))
    ports = args.ports or DEFAULT_PORTS
    if args.action == "add":
        add_rules(ports, lan, args.dry_run)
    else:
        remove_rules(ports, lan, args.dry_run)
    if args.save:
        save_rules(args.dry_run)


if __name__ == "__main__":
    main()
