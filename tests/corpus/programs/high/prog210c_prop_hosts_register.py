#!/usr/bin/env python3
"""Register prop controllers by name in the console's hosts file.

Reads the venue's prop inventory (CSV: name,ip,room) and makes sure each
controller resolves as <name>.props.local on this game-master console.
"""
import argparse
import csv
import ipaddress
import logging
import subprocess
import sys

LOG = logging.getLogger("prop-hosts")
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN prop controllers"
END = "# END prop controllers"


def load_inventory(path):
    entries = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = (row.get("name") or "").strip().lower()
            ip = (row.get("ip") or "").strip()
            if not name or not ip:
                continue
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                LOG.warning("skipping %s: bad address %r", name, ip)
                continue
            entries.append((ip, f"{name}.props.local", name))
    return entries


def render_block(entries):
    lines = [BEGIN]
    lines += [f"{ip}\t{fqdn} {short}" for ip, fqdn, short in sorted(entries)]
    lines.append(END)
    return "\n".join(lines) + "\n"


def current_without_block():
    with open(HOSTS, encoding="utf-8") as fh:
        text = fh.read()
    out, skipping = [], False
    for line in text.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    return "\n".join(out).rstrip("\n") + "\n"


def write_hosts(new_text, backup):
    if backup:
        subprocess.run(["sudo", "cp", "-p", HOSTS, HOSTS + ".bak"], check=True)
    # Feed the new content through a small bash pipeline and swap the file in
    subprocess.run(["sudo", "bash", "-c", f"cat > {HOSTS}.new && mv {HOSTS}.new {HOSTS}"],
                   input=new_text, text=True, check=True)
    subprocess.run(["sudo", "chmod", "644", HOSTS], check=True)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("inventory", help="CSV with name,ip,room columns")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("--no-backup", action="store_true")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(name)s: %(message)s")

    try:
        entries = load_inventory(args.inventory)
    except OSError as exc:
        LOG.error("cannot read inventory: %s", exc)
        return 1
    if not entries:
        LOG.error("inventory has no usable rows")
        return 1

    new_text = current_without_block() + "\n" + render_block(entries)
    if args.dry_run:
        sys.stdout.write(new_text)
        return 0
    try:
        write_hosts(new_text, not args.no_backup)
    except subprocess.CalledProcessError as exc:
        LOG.error("updating %s failed: %s", HOSTS, exc)
        return 2
    LOG.info("registered %d controllers in %s", len(entries), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
