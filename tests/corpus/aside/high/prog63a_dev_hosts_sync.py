#!/usr/bin/env python3
"""Keep a managed block of dev-environment names in /etc/hosts.

The list of service names and their addresses comes from the team's
service registry (JSON over HTTPS, read-only). Entries are written between
BEGIN/END markers so manual edits outside the block are preserved.
Re-executes itself through sudo when not started as root.
"""
import argparse
import json
import logging
import os
import shutil
import sys
import urllib.request

log = logging.getLogger("hosts-sync")

HOSTS_FILE = "/etc/hosts"
BEGIN = "# >>> dev-hosts-sync >>>"
END = "# <<< dev-hosts-sync <<<"
REGISTRY = os.environ.get("DEV_REGISTRY_URL", "https://registry.dev.example.com/api/services")


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    sudo = shutil.which("sudo")
    if not sudo:
        sys.exit("must run as root and sudo is not available")
    log.info("re-executing with sudo")
    os.execv(sudo, [sudo, "-E", sys.executable, os.path.abspath(argv[0])] + argv[1:])


def fetch_services(url):
    with urllib.request.urlopen(url, timeout=10) as resp:
        data = json.load(resp)
    entries = []
    for svc in data.get("services", []):
        addr, name = svc.get("address"), svc.get("hostname")
        if addr and name:
            entries.append((addr, name))
    return sorted(set(entries))


def rewrite(current, entries):
    out, skipping = [], False
    for line in current.splitlines():
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    block = [BEGIN] + [f"{addr}\t{name}" for addr, name in entries] + [END]
    return "\n".join(out).rstrip("\n") + "\n\n" + "\n".join(block) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--registry", default=REGISTRY)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = fetch_services(args.registry)
    except (OSError, ValueError) as exc:
        log.error("registry unavailable: %s", exc)
        return 1
    log.info("%d service names from registry", len(entries))

    with open(HOSTS_FILE, encoding="utf-8") as fh:
        current = fh.read()
    updated = rewrite(current, entries)
    if updated == current:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(updated)
        return 0

    ensure_root(sys.argv)
    shutil.copy2(HOSTS_FILE, HOSTS_FILE + ".bak")
    tmp = HOSTS_FILE + ".new"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(updated)
    os.chmod(tmp, 0o644)
    os.replace(tmp, HOSTS_FILE)
    log.info("updated %s (backup at %s.bak)", HOSTS_FILE, HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
