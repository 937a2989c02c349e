#!/usr/bin/env python3
"""Publish local DNS records for the office LAN on the DNS sinkhole box.

Reads a CSV of hostname,ip pairs (exported from the DHCP reservation sheet),
renders a dnsmasq drop-in and installs it into /etc/dnsmasq.d/, then reloads
the resolver so the names resolve immediately.  Run on the sinkhole as root.
"""
import argparse
import csv
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("local-records")
DROPIN = Path("/etc/dnsmasq.d/05-office-local.conf")
RESOLVER_UNITS = ("pihole-FTL", "dnsmasq")
HOST_OK = set("abcdefghijklmnopqrstuvwxyz0123456789-.")


class RecordSet:
    def __init__(self, domain):
        self.domain = domain
        self.records = {}

    def add(self, host, ip):
        host = host.strip().lower()
        if not host or set(host) - HOST_OK:
            raise ValueError(f"bad hostname {host!r}")
        addr = ipaddress.ip_address(ip.strip())
        fqdn = host if host.endswith(self.domain) else f"{host}.{self.domain}"
        self.records[fqdn] = addr

    def render(self):
        lines = ["# managed by sinkhole_local_records.py - do not edit by hand"]
        for fqdn, addr in sorted(self.records.items()):
            lines.append(f"address=/{fqdn}/{addr}")
            if addr.version == 4:
                rev = ".".join(reversed(str(addr).split("."))) + ".in-addr.arpa"
                lines.append(f"ptr-record={rev},{fqdn}")
        return "\n".join(lines) + "\n"


def load_csv(path, rs):
    with open(path, newline="") as fh:
        for n, row in enumerate(csv.DictReader(fh), start=2):
            try:
                rs.add(row["hostname"], row["ip"])
            except (KeyError, ValueError) as exc:
                log.warning("line %d skipped: %s", n, exc)


def install(text: str, dry_run: bool) -> bool:
    if DROPIN.exists() and DROPIN.read_text() == text:
        log.info("%s already up to date", DROPIN)
        return False
    if dry_run:
        sys.stdout.write(text)
        return False
    if DROPIN.exists():
        shutil.copy2(DROPIN, DROPIN.with_suffix(".conf.bak"))
    tmp = DROPIN.with_suffix(".tmp")
    tmp.write_text(text)
    os.chmod(tmp, 0o644)
    os.replace(tmp, DROPIN)
    log.info("installed %s", DROPIN)
    return True


def reload_resolver():
    for unit in RESOLVER_UNITS:
        state = subprocess.run(["systemctl", "is-active", unit], capture_output=True, text=True)
        if state.stdout.strip() == "active":
            subprocess.run(["systemctl", "reload-or-restart", unit], check=True)
            log.info("reloaded %s", unit)
            return
    log.warning("no active resolver unit found; records take effect on next start")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("csv", type=Path)
    ap.add_argument("--domain", default="office.lan")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not args.dry_run and os.geteuid() != 0:
        log.error("must run as root to write %s", DROPIN)
        return 1
    rs = RecordSet(args.domain)
    load_csv(args.csv, rs)
    log.info("%d records loaded", len(rs.records))
    if install(rs.render(), args.dry_run):
        reload_resolver()
    return 0


if __name__ == "__main__":
    sys.exit(main())
