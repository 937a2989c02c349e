#!/usr/bin/env python3
"""Keep a managed block of staging service names in /etc/hosts.

The E2E runners resolve staging services through /etc/hosts because the
staging VPC has no private DNS zone. The inventory lives in the repo:

    deploy/staging/inventory.json
    {"services": [{"name": "api.staging.shop.internal", "ip": "10.42.0.11"}, ...]}

Usage:
    staging_hosts_sync.py apply        # write/refresh the managed block
    staging_hosts_sync.py remove       # remove the managed block
    staging_hosts_sync.py diff         # show what would change
"""
import argparse
import difflib
import ipaddress
import json
import logging
import os
import re
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("hosts-sync")
HOSTS = Path("/etc/hosts")
BEGIN = "# >>> staging-hosts-sync (managed, do not edit) >>>"
END = "# <<< staging-hosts-sync <<<"
NAME_RE = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")


def load_inventory(path):
    data = json.loads(Path(path).read_text())
    entries = []
    for svc in data.get("services", []):
        name, ip = svc["name"].lower(), svc["ip"]
        if not NAME_RE.match(name):
            raise ValueError(f"invalid host name {name!r}")
        ipaddress.ip_address(ip)
        entries.append((ip, name))
    return sorted(set(entries), key=lambda e: (e[1], e[0]))


def strip_block(text):
    pattern = re.compile(rf"\n?{re.escape(BEGIN)}.*?{re.escape(END)}\n?", re.S)
    return pattern.sub("\n", text).rstrip("\n") + "\n"


def render(text, entries):
    base = strip_block(text)
    if not entries:
        return base
    width = max(len(ip) for ip, _ in entries)
    block = [BEGIN] + [f"{ip.ljust(width)}  {name}" for ip, name in entries] + [END]
    return base + "\n" + "\n".join(block) + "\n"


def write_hosts(new_text):
    st = HOSTS.stat()
    fd, tmp = tempfile.mkstemp(prefix=".hosts.", dir=str(HOSTS.parent))
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(new_text)
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        backup = HOSTS.with_name("hosts.staging-sync.bak")
        backup.write_text(HOSTS.read_text())
        os.replace(tmp, HOSTS)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def ensure_root(argv):
    if os.geteuid() == 0:
        return
    if os.environ.get("HOSTS_SYNC_NO_SUDO"):
        sys.exit("must run as root to modify /etc/hosts")
    LOG.info("re-executing with sudo")
    os.execvp("sudo", ["sudo", "-n", "--preserve-env=HOSTS_SYNC_INVENTORY",
                       sys.executable, os.path.abspath(__file__), *argv])


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    ap = argparse.ArgumentParser(description="manage staging entries in /etc/hosts")
    ap.add_argument("action", choices=("apply", "remove", "diff"))
    ap.add_argument("--inventory",
                    default=os.environ.get("HOSTS_SYNC_INVENTORY", "deploy/staging/inventory.json"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="hosts-sync: %(message)s")

    current = HOSTS.read_text()
    if args.action == "remove":
        desired = strip_block(current)
    else:
        try:
            entries = load_inventory(args.inventory)
        except (OSError, ValueError, KeyError) as exc:
            LOG.error("bad inventory %s: %s", args.inventory, exc)
            return 1
        desired = render(current, entries)

    if desired == current:
        LOG.info("/etc/hosts already up to date")
        return 0
    if args.action == "diff":
        sys.stdout.writelines(difflib.unified_diff(
            current.splitlines(True), desired.splitlines(True), "/etc/hosts", "/etc/hosts (new)"))
        return 0

    ensure_root(argv)
    write_hosts(desired)
    LOG.info("/etc/hosts updated (%s)", args.action)
    return 0


if __name__ == "__main__":
    sys.exit(main())
