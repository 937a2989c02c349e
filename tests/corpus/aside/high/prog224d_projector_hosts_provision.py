#!/usr/bin/env python3
"""projector_hosts_provision.py - put the booth's projectors into /etc/hosts.

Reads projectors.csv (screen,name,ip) from the working directory, builds a
managed block of host entries and a projector config file, and installs
both under /etc with sudo so the screen server can reach each projector by
name.
"""

import argparse
import csv
import ipaddress
import logging
import os
import subprocess
import sys

BEGIN = "# BEGIN cinema-projectors (managed)"
END = "# END cinema-projectors"
HOSTS_PATH = "/etc/hosts"
CONF_PATH = "/etc/cinema/projectors.conf"
DOMAIN = "booth.example.com"

log = logging.getLogger("hosts_provision")


class Projector:
    def __init__(self, screen, name, ip):
        self.screen = int(screen)
        self.name = name.strip().lower()
        self.ip = str(ipaddress.ip_address(ip.strip()))

    def hosts_line(self):
        return f"{self.ip}\t{self.name}.{DOMAIN} {self.name}"

    def conf_line(self):
        return f"screen{self.screen:02d}={self.name}.{DOMAIN}"


def read_inventory(path):
    projectors = []
    with open(path, newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            try:
                projectors.append(Projector(row["screen"], row["name"], row["ip"]))
            except (KeyError, ValueError) as exc:
                log.warning("skipping row %r: %s", row, exc)
    projectors.sort(key=lambda p: p.screen)
    return projectors


def merged_hosts(current, projectors):
    """Replace the managed block in the current hosts text."""
    out, inside = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    out.append(BEGIN)
    out.extend(p.hosts_line() for p in projectors)
    out.append(END)
    return "\n".join(out) + "\n"


def install(hosts_text, conf_text, dry_run):
    # One bash run does the backup and both writes; the new contents are
    # handed over in environment variables.
    script = """
set -e
sudo cp -p "$HOSTS_PATH" "$HOSTS_PATH.bak-projectors"
printf '%s' "$NEW_HOSTS" | sudo tee "$HOSTS_PATH" >/dev/null
sudo mkdir -p "$(dirname "$CONF_PATH")"
printf '%s' "$NEW_CONF" | sudo tee "$CONF_PATH" >/dev/null
sudo chmod 0644 "$HOSTS_PATH" "$CONF_PATH"
sudo chown root:root "$CONF_PATH"
"""
    if dry_run:
        sys.stdout.write(hosts_text)
        sys.stdout.write("---\n" + conf_text)
        return 0
    env = dict(os.environ, NEW_HOSTS=hosts_text, NEW_CONF=conf_text,
               HOSTS_PATH=HOSTS_PATH, CONF_PATH=CONF_PATH)
    result = subprocess.run(["bash", "-c", script], env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        log.error("install failed: %s", result.stderr.strip())
    return result.returncode


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="projectors.csv")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        projectors = read_inventory(args.inventory)
    except OSError as exc:
        log.error("cannot read inventory: %s", exc)
        return 1
    if not projectors:
        log.error("no projectors in %s", args.inventory)
        return 1
    with open(HOSTS_PATH, encoding="utf-8") as fh:
        current = fh.read()
    hosts_text = merged_hosts(current, projectors)
    conf_text = "\n".join(p.conf_line() for p in projectors) + "\n"
    rc = install(hosts_text, conf_text, args.dry_run)
    if rc == 0:
        log.info("installed %d projector entries", len(projectors))
    return rc


if __name__ == "__main__":
    sys.exit(main())
