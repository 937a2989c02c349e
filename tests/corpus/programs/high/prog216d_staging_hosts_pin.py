#!/usr/bin/env python3
"""staging_hosts_pin.py - pin the game's staging backend and CDN hostnames to
fixed addresses on a QA build agent, so smoke tests hit the staging stack
even while public DNS still points at production.

Reads staging-hosts.json, renders a managed block and installs it into
/etc/hosts with a small shell helper (keeps a backup, replaces atomically).
Must be run as root inside the CI container.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys

LOG = logging.getLogger("hosts-pin")
HOSTS = "/etc/hosts"
BEGIN = "# BEGIN game-staging (managed)"
END = "# END game-staging"

DEFAULT_MAP = {
    "api.example.com": "192.0.2.21",
    "cdn.example.com": "192.0.2.22",
    "matchmaking.example.com": "192.0.2.23",
    "leaderboards.example.net": "198.51.100.40",
}

INSTALL_HELPER = r"""
set -euo pipefail
cp -p "$HOSTS_PATH" "$HOSTS_PATH.game-staging.bak"
# drop the old managed block, then append the new one
awk -v b="$PIN_BEGIN" -v e="$PIN_END" '
    $0 == b {skip = 1; next}
    $0 == e {skip = 0; next}
    !skip {print}
' "$HOSTS_PATH" > "$HOSTS_PATH.new"
printf '%s\n' "$PIN_BLOCK" >> "$HOSTS_PATH.new"
chmod 0644 "$HOSTS_PATH.new"
mv "$HOSTS_PATH.new" "$HOSTS_PATH"
"""


class HostMap:
    def __init__(self, mapping):
        self.mapping = {}
        for name, addr in mapping.items():
            try:
                ipaddress.ip_address(addr)
            except ValueError:
                LOG.warning("ignoring %s: bad address %r", name, addr)
                continue
            if not name or " " in name:
                LOG.warning("ignoring bad hostname %r", name)
                continue
            self.mapping[name] = addr

    @classmethod
    def from_file(cls, path):
        if not path or not os.path.exists(path):
            LOG.info("using built-in staging map")
            return cls(DEFAULT_MAP)
        with open(path) as fh:
            return cls(json.load(fh))

    def block(self):
        lines = [BEGIN]
        for name in sorted(self.mapping):
            lines.append(f"{self.mapping[name]}\t{name}")
        lines.append(END)
        return "\n".join(lines)


def install(block, remove=False):
    env = dict(os.environ, HOSTS_PATH=HOSTS, PIN_BEGIN=BEGIN, PIN_END=END,
               PIN_BLOCK="" if remove else block)
    res = subprocess.run(["bash", "-c", INSTALL_HELPER], env=env,
                         capture_output=True, text=True)
    if res.returncode != 0:
        LOG.error("updating %s failed: %s", HOSTS, res.stderr.strip())
    return res.returncode


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--map", default="staging-hosts.json")
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--show", action="store_true", help="print the block and exit")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="[hosts-pin] %(message)s")

    hosts = HostMap.from_file(args.map)
    block = hosts.block()
    if args.show:
        print(block)
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root (CI container) to edit %s", HOSTS)
        return 1

    rc = install(block, remove=args.remove)
    if rc == 0:
        LOG.info("%s %d staging entries", "removed" if args.remove else "pinned",
                 len(hosts.mapping))
    return rc


if __name__ == "__main__":
    sys.exit(main())
