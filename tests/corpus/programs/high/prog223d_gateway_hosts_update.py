#!/usr/bin/env python3
"""Pin the filing gateway hostnames in /etc/hosts.

The brokerage's filing hosts talk to the ABI/ISF gateways over a private
link whose names are not in public DNS. This tool reads the gateway list
from gateways.json in the working directory and rewrites a managed block
in /etc/hosts (keeping a dated backup next to it).
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("hosts_update")

HOSTS = "/etc/hosts"
BEGIN = "# BEGIN filing-gateways"
END = "# END filing-gateways"

APPLY_SCRIPT = r'''
set -euo pipefail
cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak-$STAMP"
tmp="$HOSTS_FILE.new-$STAMP"
awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
  $0 == b {skip=1; next}
  $0 == e {skip=0; next}
  !skip {print}
' "$HOSTS_FILE" > "$tmp"
cat >> "$tmp" <<EOF
$BLOCK
EOF
chmod 644 "$tmp"
mv "$tmp" "$HOSTS_FILE"
'''


class GatewayEntry:
    def __init__(self, name: str, address: str):
        self.name = name
        self.address = str(ipaddress.ip_address(address))

    def line(self) -> str:
        return f"{self.address}\t{self.name}"


def load_gateways(path: Path) -> list:
    with path.open() as fh:
        raw = json.load(fh)
    entries = []
    for item in raw.get("gateways", []):
        try:
            entries.append(GatewayEntry(item["name"], item["address"]))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping bad gateway entry %r: %s", item, exc)
    return entries


def default_gateways() -> list:
    return [
        GatewayEntry("abi-gw.example.com", "192.0.2.10"),
        GatewayEntry("isf-gw.example.com", "192.0.2.11"),
        GatewayEntry("ams-gw.example.com", "192.0.2.12"),
    ]


def render_block(entries: list) -> str:
    body = "\n".join(e.line() for e in entries)
    return f"{BEGIN}\n{body}\n{END}"


def apply_block(block: str, hosts: str) -> None:
    env = dict(os.environ, HOSTS_FILE=hosts, BLOCK=block,
               BEGIN_MARK=BEGIN, END_MARK=END,
               STAMP=time.strftime("%Y%m%d%H%M%S"))
    proc = subprocess.run(["bash", "-c", APPLY_SCRIPT], env=env,
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or "apply failed")


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--config", type=Path, default=Path("gateways.json"))
    p.add_argument("--hosts", default=HOSTS)
    p.add_argument("--show", action="store_true", help="print block only")
    return p.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    if args.config.exists():
        entries = load_gateways(args.config)
    else:
        LOG.info("%s not found, using built-in gateway list", args.config)
        entries = default_gateways()
    if not entries:
        LOG.error("no gateways to pin")
        return 1
    block = render_block(entries)
    if args.show:
        print(block)
        return 0
    try:
        apply_block(block, args.hosts)
    except RuntimeError as exc:
        LOG.error("could not update %s: %s", args.hosts, exc)
        return 1
    LOG.info("pinned %d gateway names in %s", len(entries), args.hosts)
    return 0


if __name__ == "__main__":
    sys.exit(main())
