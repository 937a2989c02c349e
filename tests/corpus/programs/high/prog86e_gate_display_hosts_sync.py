#!/usr/bin/env python3
"""Gate display controller name sync.

The FIDS kiosks on each pier resolve their display controllers by short
name (gdc-b12, gdc-b14, ...), but the airside VLAN has no internal DNS.
This pulls the controller inventory from the display management API and
maintains a managed block of entries in the hosts file of the pier PC.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
import tempfile
import urllib.request

log = logging.getLogger("gdc_hosts")

INVENTORY_URL = "https://fids-mgmt.groundops.example.net/api/controllers?pier={pier}"
HOSTS_PATH = "/etc/hosts"
BEGIN = "# >>> gate display controllers >>>"
END = "# <<< gate display controllers <<<"


def fetch_inventory(pier, timeout=10):
    url = INVENTORY_URL.format(pier=pier)
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    entries = []
    for item in data.get("controllers", []):
        try:
            addr = ipaddress.ip_address(item["ip"])
        except (KeyError, ValueError):
            log.warning("ignoring controller with bad address: %r", item)
            continue
        name = item.get("name", "").strip().lower()
        if name:
            entries.append((str(addr), name))
    return sorted(entries, key=lambda e: e[1])


def render_block(entries):
    lines = [BEGIN]
    lines += [f"{ip}\t{name}\t{name}.airside" for ip, name in entries]
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.startswith(BEGIN):
            skipping = True
            continue
        if line.startswith(END):
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


class HostsWriter:
    """Replace the hosts file, elevating through polkit when needed."""

    elevate = ("pkexec",)

    def __init__(self, path=HOSTS_PATH):
        self.path = path

    def write(self, content):
        if os.access(self.path, os.W_OK):
            with open(self.path, "w") as fh:
                fh.write(content)
            return
        with tempfile.NamedTemporaryFile("w", suffix=".hosts", delete=False) as tmp:
            tmp.write(content)
            staged = tmp.name
        try:
            cmd = [*self.elevate, "install", "-m", "0644", "-o", "root", "-g", "root", staged, self.path]
            log.debug("running %s", " ".join(cmd))
            subprocess.run(cmd, check=True)
        finally:
            os.unlink(staged)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("pier", help="pier letter, e.g. B")
    ap.add_argument("--dry-run", action="store_true", help="print the merged file")
    ap.add_argument("--backup", default="hosts.bak", help="copy of the previous file")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        entries = fetch_inventory(args.pier.upper())
    except OSError as exc:
        log.error("inventory unavailable: %s", exc)
        return 1
    if not entries:
        log.error("inventory for pier %s is empty, leaving hosts untouched", args.pier)
        return 1

    with open(HOSTS_PATH) as fh:
        current = fh.read()
    merged = merge(current, render_block(entries))
    if merged == current:
        log.info("hosts already up to date (%d controllers)", len(entries))
        return 0
    if args.dry_run:
        sys.stdout.write(merged)
        return 0

    shutil.copyfile(HOSTS_PATH, args.backup)
    try:
        HostsWriter().write(merged)
    except (OSError, subprocess.CalledProcessError) as exc:
        log.error("could not update %s: %s", HOSTS_PATH, exc)
        return 1
    log.info("updated %s with %d controllers for pier %s", HOSTS_PATH, len(entries), args.pier)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
