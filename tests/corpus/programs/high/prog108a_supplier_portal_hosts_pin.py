#!/usr/bin/env python3
"""Pin supplier trade-portal hostnames in the counter PC's hosts file.

The shop's broadband router has a flaky DNS forwarder, and on a bad day the
wholesaler portals (feed, bedding, saddlery trade accounts) fail to resolve in
the middle of ordering. This resolves each portal over DNS-over-HTTPS and keeps
a managed block in /etc/hosts up to date so ordering keeps working.

Portals are listed one per line in portals.txt (comments with #).
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
import urllib.parse
import urllib.request
from pathlib import Path

log = logging.getLogger("hostspin")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> supplier portals (managed by supplier_portal_hosts_pin)"
END = "# <<< supplier portals"
DOH = "https://cloudflare-dns.com/dns-query"


def resolve_doh(name, timeout=10):
    url = f"{DOH}?{urllib.parse.urlencode({'name': name, 'type': 'A'})}"
    req = urllib.request.Request(url, headers={"Accept": "application/dns-json"})
    with urllib.request.urlopen(req, timeout=timeout) as resp:
        data = json.load(resp)
    addrs = []
    for ans in data.get("Answer", []):
        if ans.get("type") == 1:
            try:
                addrs.append(str(ipaddress.IPv4Address(ans["data"])))
            except ValueError:
                continue
    return addrs


def read_portals(path):
    names = []
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            names.append(line.lower())
    return names


def build_block(mapping):
    lines = [BEGIN]
    for name in sorted(mapping):
        lines.append(f"{mapping[name]:<16} {name}")
    lines.append(END)
    return "\n".join(lines)


def merge(current, block):
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
    while out and not out[-1].strip():
        out.pop()
    return "\n".join(out) + "\n\n" + block + "\n"


def install(text):
    """Write the new hosts file through polkit so the counter user is prompted."""
    proc = subprocess.run(["pkexec", "tee", str(HOSTS)], input=text.encode(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.decode().strip() or f"pkexec exit {proc.returncode}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--portals", default="portals.txt")
    ap.add_argument("-n", "--dry-run", action="store_true", help="print the new hosts file")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        names = read_portals(args.portals)
    except OSError as exc:
        log.error("cannot read %s: %s", args.portals, exc)
        return 1

    mapping = {}
    for name in names:
        try:
            addrs = resolve_doh(name)
        except OSError as exc:
            log.warning("%s: lookup failed (%s)", name, exc)
            continue
        if addrs:
            mapping[name] = addrs[0]
            log.info("%-40s %s", name, addrs[0])
        else:
            log.warning("%s: no A record", name)
    if not mapping:
        log.error("nothing resolved; hosts file left alone")
        return 1

    new_text = merge(HOSTS.read_text(), build_block(mapping))
    if args.dry_run:
        sys.stdout.write(new_text)
        return 0
    if new_text == HOSTS.read_text():
        log.info("hosts file already up to date")
        return 0
    try:
        install(new_text)
    except (OSError, RuntimeError) as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    log.info("pinned %d portal(s) in %s", len(mapping), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
