#!/usr/bin/env python3
"""Keep host entries for the parts suppliers' VPN-only portals current.

Two of the tyre and exhaust wholesalers only expose their trade ordering
portals inside the site-to-site VPN, and their internal DNS isn't
reachable from the workshop LAN.  They publish a small JSON file with the
current addresses; this script merges them into the hosts file between
marker lines, leaving everything else alone.

    supplier_vpn_hosts.py --source suppliers_vpn.json [--check]
"""
import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("vpn-hosts")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> supplier-vpn (managed) >>>"
END = "# <<< supplier-vpn (managed) <<<"


def load_entries(path):
    data = json.loads(Path(path).read_text())
    entries = []
    for supplier in data.get("suppliers", []):
        for host in supplier.get("hosts", []):
            try:
                ip = ipaddress.ip_address(host["ip"])
            except (KeyError, ValueError):
                log.warning("%s: bad address in %r", supplier.get("name"), host)
                continue
            names = [n for n in host.get("names", []) if n and " " not in n]
            if names:
                entries.append((str(ip), names, supplier.get("name", "?")))
    return entries


def render_block(entries):
    lines = [BEGIN]
    for ip, names, supplier in entries:
        lines.append(f"{ip:<16} {' '.join(names)}    # {supplier}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merged_hosts(current, block):
    out, skipping = [], False
    for line in current.splitlines(keepends=True):
        if line.strip() == BEGIN:
            skipping = True
            continue
        if line.strip() == END:
            skipping = False
            continue
        if not skipping:
            out.append(line)
    text = "".join(out)
    if text and not text.endswith("\n"):
        text += "\n"
    return text + block


def write_hosts(text):
    """Write the new hosts file, asking for elevation on the desktop."""
    helper = shutil.which("pkexec") or shutil.which("sudo")
    if helper is None:
        raise RuntimeError("need pkexec or sudo to update the hosts file")
    proc = subprocess.run([helper, "tee", str(HOSTS)], input=text.encode(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode(errors="replace").strip() or "write refused")


def main():
    ap = argparse.ArgumentParser(description="supplier VPN hosts sync")
    ap.add_argument("--source", default="suppliers_vpn.json")
    ap.add_argument("--check", action="store_true", help="show the diff only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        entries = load_entries(args.source)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.source, exc)
        return 1
    if not entries:
        log.error("no usable entries in %s", args.source)
        return 1

    current = HOSTS.read_text()
    new = merged_hosts(current, render_block(entries))
    if new == current:
        log.info("hosts file already up to date")
        return 0
    if args.check:
        sys.stdout.write(render_block(entries))
        return 0
    Path("hosts.backup").write_text(current)
    try:
        write_hosts(new)
    except RuntimeError as exc:
        log.error("update failed: %s", exc)
        return 1
    log.info("updated %d supplier host entries", len(entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
