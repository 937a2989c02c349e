#!/usr/bin/env python3
"""Keep the show laptop's hosts file in step with the venue network.

Every venue on the tour gets a small YAML file describing the gear on the
show LAN (lighting desk, sound desk, ticket scanners, rigging load cells).
This renders a managed block and swaps it into /etc/hosts so the cue
software can address ``lx-desk.show`` and friends by name wherever we are.
"""
import argparse
import ipaddress
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path

import yaml

log = logging.getLogger("venue_hosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> venue-hosts (managed) >>>"
END = "# <<< venue-hosts (managed) <<<"
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
        entries.append((ip, f"{name}.{DOMAIN}", aliases))
    return doc.get("venue", Path(path).stem), sorted(entries)


def render_block(venue, entries):
    lines = [BEGIN, f"# venue: {venue}"]
    for ip, fqdn, aliases in entries:
        lines.append(f"{str(ip):<16} {fqdn} {' '.join(aliases)}".rstrip())
    lines.append(END)
    return "\n".join(lines) + "\n"


def splice(current, block):
    pattern = re.compile(re.escape(BEGIN) + r".*?" + re.escape(END) + r"\n?", re.S)
    if pattern.search(current):
        return pattern.sub(block, current)
    if not current.endswith("\n"):
        current += "\n"
    return current + "\n" + block


def install(text, backup=True):
    if backup:
        subprocess.run(["sudo", "cp", "-p", str(HOSTS), f"{HOSTS}.venue-bak"], check=True)
    subprocess.run(["sudo", "tee", str(HOSTS)], input=text.encode(),
                   stdout=subprocess.DEVNULL, check=True)
    for tool in ("resolvectl", "nscd"):
        if shutil.which(tool):
            args = ["resolvectl", "flush-caches"] if tool == "resolvectl" else ["nscd", "-i", "hosts"]
            subprocess.run(["sudo", *args], check=False)
            break


def main(argv=None):
    ap = argparse.ArgumentParser(description="Sync venue show-LAN names into /etc/hosts")
    ap.add_argument("venue_file", help="venues/<city>.yaml")
    ap.add_argument("--dry-run", action="store_true", help="print the new hosts file")
    ap.add_argument("--no-backup", action="store_true")
    ap.add_argument("--remove", action="store_true", help="drop the managed block")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    current = HOSTS.read_text()
    if args.remove:
        new = splice(current, "")
        venue = "-"
    else:
        try:
            venue, entries = load_venue(args.venue_file)
        except (OSError, yaml.YAMLError) as exc:
            log.error("cannot read %s: %s", args.venue_file, exc)
            return 2
        new = splice(current, render_block(venue, entries))
        log.info("%d device(s) for %s", len(entries), venue)

    if new == current:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new)
        return 0
    try:
        install(new, backup=not args.no_backup)
    except subprocess.CalledProcessError as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    log.info("updated %s for venue %s", HOSTS, venue)
    return 0


if __name__ == "__main__":
    sys.exit(main())
