#!/usr/bin/env python3
"""Check the state e-permitting portal hostnames against the local hosts file.

The office resolver keeps serving the old addresses of the permit portal after
the state moves it between CDN origins, which breaks the nightly permit sync.
This script resolves the portal hostnames over DNS-over-HTTPS, compares them
with any pinned entries in /etc/hosts and writes a suggested block to
./hosts.permit-portal for the sysadmin to review.

    permit_portal_hosts_check.py [-c portal_hosts.json] [--hosts-file PATH]
"""
import argparse
import ipaddress
import json
import logging
import sys
from pathlib import Path

import requests

log = logging.getLogger("portal_hosts")

BEGIN = "# >>> permit-portal (managed by permit_portal_hosts_sync) >>>"
END = "# <<< permit-portal <<<"
DOH_URL = "https://dns.google/resolve"
DEFAULT_NAMES = [
    "epermits.state.gov.example",
    "api.epermits.state.gov.example",
    "docs.epermits.state.gov.example",
]


def resolve(name, session, timeout=10):
    r = session.get(DOH_URL, params={"name": name, "type": "A"}, timeout=timeout)
    r.raise_for_status()
    answers = [a["data"] for a in r.json().get("Answer", []) if a.get("type") == 1]
    good = []
    for a in answers:
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if ip.is_global:
            good.append(str(ip))
    return good


def build_block(mapping):
    lines = [BEGIN]
    for name in sorted(mapping):
        if mapping[name]:
            lines.append(f"{mapping[name][0]}\t{name}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def pinned_entries(text, names):
    """Map hostname -> address for any of `names` pinned in a hosts file."""
    pinned = {}
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        addr, *hosts = line.split()
        for h in hosts:
            if h in names:
                pinned[h] = addr
    return pinned


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="portal_hosts.json")
    ap.add_argument("--hosts-file", default="/etc/hosts")
    ap.add_argument("-o", "--out", default="hosts.permit-portal")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    cfg_path = Path(args.config)
    names = json.loads(cfg_path.read_text())["names"] if cfg_path.exists() else DEFAULT_NAMES

    session = requests.Session()
    session.headers["Accept"] = "application/dns-json"
    mapping = {}
    for name in names:
        try:
            mapping[name] = resolve(name, session)
            log.debug("%s -> %s", name, mapping[name] or "(no A records)")
        except (requests.RequestException, ValueError) as exc:
            log.warning("could not resolve %s: %s", name, exc)
    if not any(mapping.values()):
        log.error("nothing resolved")
        return 1

    try:
        pinned = pinned_entries(Path(args.hosts_file).read_text(), set(names))
    except OSError as exc:
        log.warning("cannot read %s: %s", args.hosts_file, exc)
        pinned = {}

    stale = 0
    for name, addrs in sorted(mapping.items()):
        have = pinned.get(name)
        if have is None:
            log.info("%-40s not pinned (portal now %s)", name, ", ".join(addrs) or "-")
        elif have not in addrs:
            stale += 1
            log.warning("%-40s pinned to %s, portal now %s", name, have, ", ".join(addrs))
        else:
            log.info("%-40s ok (%s)", name, have)

    Path(args.out).write_text(build_block(mapping))
    log.info("suggested hosts block written to %s", args.out)
    return 3 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
