#!/usr/bin/env python3
"""Pin the lender portals' addresses on F&I desk PCs.

Several captive-finance portals sit behind geo-DNS that occasionally hands
the dealership a dead edge node, which the F&I managers experience as
"the credit app hangs".  The lenders publish their stable edge addresses;
this script fetches that list and maintains a managed block in the hosts
file so the desks always hit a working node.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

LOG = logging.getLogger("lender-pin")

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> lender-pin managed block >>>"
END = "# <<< lender-pin managed block <<<"

DEFAULT_SOURCES = {
    "portal.captivefinance-usa.com": "https://status.captivefinance-usa.com/edges.json",
    "apps.lenderroute-portal.com": "https://status.lenderroute-portal.com/edges.json",
}


def fetch_edges(url: str) -> list:
    resp = requests.get(url, timeout=15)
    resp.raise_for_status()
    edges = []
    for item in resp.json().get("edges", []):
        try:
            addr = ipaddress.ip_address(item["address"])
        except (KeyError, ValueError):
            continue
        if item.get("healthy", True) and not addr.is_private:
            edges.append(str(addr))
    return edges


def build_block(pins: dict) -> str:
    lines = [BEGIN]
    for host, addr in sorted(pins.items()):
        lines.append(f"{addr}\t{host}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current: str, block: str) -> str:
    if BEGIN in current and END in current:
        head, _, rest = current.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return current.rstrip("\n") + "\n\n" + block


def write_hosts(content: str):
    fd, tmp = tempfile.mkstemp(dir=str(HOSTS.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS)
    except BaseException:
        os.unlink(tmp)
        raise


def elevate_if_needed(argv):
    if os.geteuid() != 0:
        LOG.info("re-running with sudo to update %s", HOSTS)
        os.execvp("sudo", ["sudo", "-E", sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--sources", type=Path, help="JSON map of hostname -> edges URL")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="show the block instead of writing it")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    sources = json.loads(args.sources.read_text()) if args.sources else DEFAULT_SOURCES
    pins = {}
    for host, url in sources.items():
        try:
            edges = fetch_edges(url)
        except (requests.RequestException, ValueError) as exc:
            LOG.warning("%s: could not fetch edges (%s); leaving unpinned", host, exc)
            continue
        if edges:
            pins[host] = edges[0]
            LOG.info("%s -> %s", host, edges[0])

    if not pins:
        LOG.error("no edges fetched; hosts file untouched")
        return 1
    block = build_block(pins)
    if args.print_only:
        sys.stdout.write(block)
        return 0

    elevate_if_needed(argv)
    current = HOSTS.read_text()
    updated = merge(current, block)
    if updated == current:
        LOG.info("hosts file already up to date")
        return 0
    write_hosts(updated)
    LOG.info("pinned %d lender hosts in %s", len(pins), HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
