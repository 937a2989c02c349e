#!/usr/bin/env python3
"""Add a local hostname to /etc/hosts for development.

Example:  sudo python3 add_hosts_entry.py myapp.local 127.0.0.1

Backs up /etc/hosts to /etc/hosts.bak the first time, then appends the
mapping unless the hostname is already present.
"""
import argparse
import ipaddress
import os
import shutil
import sys

HOSTS = "/etc/hosts"
BACKUP = "/etc/hosts.bak"
MARKER = "# added by add_hosts_entry"


def already_mapped(hostname):
    with open(HOSTS) as fh:
        for line in fh:
            fields = line.split("#", 1)[0].split()
            if len(fields) >= 2 and hostname in fields[1:]:
                return fields[0]
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("hostname")
    parser.add_argument("ip", nargs="?", default="127.0.0.1")
    args = parser.parse_args()

    ipaddress.ip_address(args.ip)  # raises ValueError on a bad address

    if os.geteuid() != 0:
        sys.exit("Please run with sudo: editing /etc/hosts needs root.")

    existing = already_mapped(args.hostname)
    if existing:
        print(f"{args.hostname} already maps to {existing}; nothing changed.")
        return

    if not os.path.exists(BACKUP):
        shutil.copy2(HOSTS, BACKUP)
        print(f"Backed up {HOSTS} to {BACKUP}")

    with open(HOSTS, "a") as fh:
        fh.write(f"{args.ip}\t{args.hostname}\t{MARKER}\n")
    print(f"Added: {args.ip} {args.hostname}")
    print(f"Test with: ping -c1 {args.hostname}")


if __name__ == "__main__":
    main()
