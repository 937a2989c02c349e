#!/usr/bin/env python3
"""Export the venue show-LAN device list as a hosts-format file.

Every venue on the tour gets a small YAML file describing the gear on the
show LAN (lighting desk, sound desk, ticket scanners, rigging load cells).
This renders a hosts-format fragment into ./build/hosts/<venue>.hosts, which
the venue's own router or the show laptop's dnsmasq ``addn-hosts`` can pick
up, plus a CSV for the production manager's patch sheet.
"""
import argparse
import csv
import ipaddress
import logging
import os
import re
import sys
from pathlib import Path

import yaml

log = logging.getLogger("venue_hosts")

OUT_DIR = Path("build/hosts")
BEGIN = "# >>> venue-hosts (generated) >>>"
END = "# <<< venue-hosts (generated) <<<"
DOMAIN = "show"


def load_venue(path):
    with open(path) as fh:
        doc = yaml.safe_load(fh) or {}
    entries = []
    for dev in doc.get("devices", []):
        try:
            ip = ipaddress.ip_address(str(dev["ip"]))
        except (KeyError, ValueError) as exc:
            log.warning("skipping device %r: %s", dev, exc)
            continue
        name = re.sub(r"[^a-z0-9-]", "-", str(dev["name"]).lower()).strip("-")
        aliases = [a for a in dev.get("aliases", []) if re.fullmatch(r"[a-z0-9.-]+", a)]
        entries.append((ip, f"{name}.{DOMAIN}", aliases, dev.get("role", "")))
    return doc.get("venue", Path(path).stem), sorted(entries)


def render_block(venue, entries):
    lines = [BEGIN, f"# venue: {venue}"]
    for ip, fqdn, aliases, _ in entries:
        lines.append(f"{str(ip):<16} {fqdn} {' '.join(aliases)}".rstrip())
    lines.append(END)
    return "\n".join(lines) + "\n"


def check_duplicates(entries):
    seen, dupes = {}, []
    for ip, fqdn, _, _ in entries:
        if fqdn in seen and seen[fqdn] != ip:
            dupes.append(f"{fqdn}: {seen[fqdn]} vs {ip}")
        seen[fqdn] = ip
    return dupes


def write_outputs(venue, entries, out_dir):
    out_dir.mkdir(parents=True, exist_ok=True)
    slug = re.sub(r"[^a-z0-9]+", "_", venue.lower()).strip("_")
    hosts_path = out_dir / f"{slug}.hosts"
    hosts_path.write_text(render_block(venue, entries))
    os.chmod(hosts_path, 0o600)
    csv_path = out_dir / f"{slug}_patch.csv"
    with open(csv_path, "w", newline="") as fh:
        w = csv.writer(fh)
        w.writerow(["ip", "name", "aliases", "role"])
        for ip, fqdn, aliases, role in entries:
            w.writerow([ip, fqdn, " ".join(aliases), role])
    return hosts_path, csv_path


def main(argv=None):
    ap = argparse.ArgumentParser(description="Export venue show-LAN names as a hosts file")
    ap.add_argument("venue_files", nargs="+", help="venues/<city>.yaml")
    ap.add_argument("-o", "--out-dir", type=Path, default=OUT_DIR)
    ap.add_argument("--stdout", action="store_true", help="print the fragment instead")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    rc = 0
    for vf in args.venue_files:
        try:
            venue, entries = load_venue(vf)
        except (OSError, yaml.YAMLError) as exc:
            log.error("cannot read %s: %s", vf, exc)
            rc = 2
            continue
        for d in check_duplicates(entries):
            log.warning("%s: duplicate name %s", venue, d)
        if args.stdout:
            sys.stdout.write(render_block(venue, entries))
            continue
        hosts_path, csv_path = write_outputs(venue, entries, args.out_dir)
        log.info("%s: %d device(s) -> %s, %s", venue, len(entries), hosts_path, csv_path)
    return rc


if __name__ == "__main__":
    sys.exit(main())
