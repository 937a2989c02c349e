#!/usr/bin/env python3
"""Keep the leasing-office workstation's name resolution for smart-lock hubs
in sync with the access-control inventory.

Each building has one or more lock hubs on the property VLAN. The vendor
provisioning tool insists on reaching them by name (hub-<building>-<n>.locks)
but the property network has no internal DNS, so the names are maintained as
a managed block in the hosts file.
"""
import argparse
import ipaddress
import logging
import os
import sys
import tempfile
from pathlib import Path

import requests

log = logging.getLogger("hub-hosts")

BEGIN = "# >>> lock-hubs (managed by hub_hosts_sync) >>>"
END = "# <<< lock-hubs <<<"
HOSTS_FILE = Path(os.environ.get("HUB_HOSTS_FILE", "/etc/hosts"))


class InventoryClient:
    def __init__(self, base_url, api_key, timeout=15):
        self.base_url = base_url.rstrip("/")
        self.session = requests.Session()
        self.session.headers.update({"X-Api-Key": api_key, "Accept": "application/json"})
        self.timeout = timeout

    def hubs(self, portfolio):
        url = f"{self.base_url}/portfolios/{portfolio}/lock-hubs"
        items, page = [], 1
        while True:
            resp = self.session.get(url, params={"page": page}, timeout=self.timeout)
            resp.raise_for_status()
            data = resp.json()
            items.extend(data.get("items", []))
            if not data.get("next_page"):
                return items
            page = data["next_page"]


def build_block(hubs):
    lines = [BEGIN]
    for hub in sorted(hubs, key=lambda h: (h["building"], h["index"])):
        try:
            addr = ipaddress.ip_address(hub["lan_ip"])
        except (KeyError, ValueError):
            log.warning("skipping hub %s: bad address", hub.get("serial"))
            continue
        if not addr.is_private:
            log.warning("skipping hub %s: %s is not a LAN address", hub.get("serial"), addr)
            continue
        name = f"hub-{hub['building'].lower()}-{hub['index']}.locks"
        lines.append(f"{addr}\t{name}\t# {hub.get('serial', '?')}")
    lines.append(END)
    return lines


def merge(existing, block):
    out, inside = [], False
    for line in existing:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            out.append(line)
    while out and not out[-1].strip():
        out.pop()
    return out + [""] + block + [""]


def write_hosts(path, lines):
    original = path.stat()
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(lines))
        os.chmod(tmp, 0o644)
        os.chown(tmp, original.st_uid, original.st_gid)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("portfolio", help="portfolio slug, e.g. riverside-east")
    ap.add_argument("--api", default=os.environ.get("ACCESS_API_URL", "https://access.propmgr.example/api/v1"))
    ap.add_argument("--dry-run", action="store_true", help="print the block instead of writing")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    api_key = os.environ.get("ACCESS_API_KEY")
    if not api_key:
        log.error("ACCESS_API_KEY is not set")
        return 2

    try:
        hubs = InventoryClient(args.api, api_key).hubs(args.portfolio)
    except requests.RequestException as exc:
        log.error("inventory request failed: %s", exc)
        return 1

    block = build_block(hubs)
    if args.dry_run:
        print("\n".join(block))
        return 0

    current = HOSTS_FILE.read_text().splitlines()
    merged = merge(current, block)
    if merged == current:
        log.info("hosts file already up to date")
        return 0
    try:
        write_hosts(HOSTS_FILE, merged)
    except PermissionError:
        log.error("cannot write %s; run from the admin account", HOSTS_FILE)
        return 1
    log.info("wrote %d hub entries to %s", len(block) - 2, HOSTS_FILE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
