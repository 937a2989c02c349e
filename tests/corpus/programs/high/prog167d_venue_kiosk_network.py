#!/usr/bin/env python3
"""Configure the results server for the venue kiosk network.

At each venue the results server sits on a small hall LAN with the entry
kiosks and ring display PCs.  This opens the results ports to that LAN
only and adds host names for the kiosks so logs are readable.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
from pathlib import Path

log = logging.getLogger("venue_net")

HOSTS_FILE = Path("/etc/hosts")
MARKER_BEGIN = "# --- venue kiosks begin ---"
MARKER_END = "# --- venue kiosks end ---"

DEFAULT_VENUE = {
    "lan": "192.0.2.0/24",
    "ports": [8080, 8443],
    "kiosks": {
        "kiosk-entrance": "192.0.2.21",
        "kiosk-ring1": "192.0.2.31",
        "kiosk-ring2": "192.0.2.32",
        "display-main": "192.0.2.40",
    },
}


def load_venue(path):
    if path and Path(path).exists():
        return json.loads(Path(path).read_text())
    return DEFAULT_VENUE


def privileged(cmd, dry_run):
    full = ["sudo", "-n"] + cmd
    log.info("running: %s", " ".join(full))
    if dry_run:
        return 0
    return subprocess.run(full, check=False).returncode


def rule_exists(lan, port):
    check = ["sudo", "-n", "iptables", "-C", "INPUT", "-s", lan, "-p", "tcp",
             "--dport", str(port), "-j", "ACCEPT"]
    return subprocess.run(check, capture_output=True).returncode == 0


def open_ports(venue, dry_run):
    lan = str(ipaddress.ip_network(venue["lan"]))
    for port in venue["ports"]:
        if not dry_run and rule_exists(lan, port):
            log.info("rule for %s:%s already present", lan, port)
            continue
        privileged(["iptables", "-I", "INPUT", "-s", lan, "-p", "tcp",
                    "--dport", str(port), "-j", "ACCEPT"], dry_run)


def hosts_block(kiosks):
    lines = [MARKER_BEGIN]
    for name, addr in sorted(kiosks.items()):
        ipaddress.ip_address(addr)
        lines.append(f"{addr}\t{name}")
    lines.append(MARKER_END)
    return "\n".join(lines) + "\n"


def strip_old_block(text):
    out, skipping = [], False
    for line in text.splitlines(keepends=True):
        if line.strip() == MARKER_BEGIN:
            skipping = True
            continue
        if line.strip() == MARKER_END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "".join(out)


def update_hosts(venue, dry_run):
    current = HOSTS_FILE.read_text()
    new_text = strip_old_block(current).rstrip("\n") + "\n" + hosts_block(venue["kiosks"])
    if dry_run:
        print(new_text)
        return
    subprocess.run(["sudo", "-n", "tee", str(HOSTS_FILE)], input=new_text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    log.info("updated %s with %d kiosks", HOSTS_FILE, len(venue["kiosks"]))


def main():
    parser = argparse.ArgumentParser(description="Venue kiosk network setup")
    parser.add_argument("--venue", help="venue JSON (lan, ports, kiosks)")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    venue = load_venue(args.venue)
    open_ports(venue, args.dry_run)
    update_hosts(venue, args.dry_run)


if __name__ == "__main__":
    main()
