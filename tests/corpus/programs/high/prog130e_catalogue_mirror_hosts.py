#!/usr/bin/env python3
"""Point the swap-day laptops at the local catalogue mirror.

At swap events without internet, one laptop runs a copy of the variety
catalogue.  The others need catalogue.seedswap-network.org and
api.seedswap-network.org to resolve to that laptop, so this tool maintains a
marked block in the hosts file.  Run `--remove` after the event.
"""

import argparse
import ipaddress
import logging
import os
import subprocess
import sys
from pathlib import Path

HOSTS = Path("/etc/hosts")
BEGIN = "# >>> seedswap mirror >>>"
END = "# <<< seedswap mirror <<<"
NAMES = ("catalogue.seedswap-network.org", "api.seedswap-network.org",
         "tools.seedswap-network.org")

log = logging.getLogger("mirror-hosts")


def strip_block(text):
    out, inside = [], False
    for line in text.splitlines():
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
    return "\n".join(out) + "\n"


def build_block(ip, names):
    lines = [BEGIN] + [f"{ip}\t{name}" for name in names] + [END]
    return "\n".join(lines) + "\n"


def write_hosts(content):
    """Write the new hosts file, elevating when we are not root."""
    if os.geteuid() == 0:
        tmp = HOSTS.with_name(".hosts.seedswap")
        tmp.write_text(content)
        os.chmod(tmp, 0o644)
        os.replace(tmp, HOSTS)
        return
    proc = subprocess.run(["sudo", "tee", str(HOSTS)], input=content.encode(),
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    if proc.returncode != 0:
        raise PermissionError(proc.stderr.decode().strip() or "sudo tee failed")


def mirror_ip(value):
    try:
        ip = ipaddress.ip_address(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an IP address: {value}")
    if not ip.is_private:
        raise argparse.ArgumentTypeError("mirror must be on the local network")
    return str(ip)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    group = ap.add_mutually_exclusive_group(required=True)
    group.add_argument("--mirror", type=mirror_ip, help="LAN address of the mirror laptop")
    group.add_argument("--remove", action="store_true")
    ap.add_argument("--extra-name", action="append", default=[])
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    try:
        current = HOSTS.read_text()
    except OSError as exc:
        log.error("cannot read %s: %s", HOSTS, exc)
        return 1
    new = strip_block(current)
    if args.mirror:
        new += "\n" + build_block(args.mirror, (*NAMES, *args.extra_name))
    if new == current:
        log.info("hosts file already up to date")
        return 0
    if args.dry_run:
        sys.stdout.write(new)
        return 0
    try:
        write_hosts(new)
    except (OSError, PermissionError) as exc:
        log.error("could not update %s: %s", HOSTS, exc)
        return 1
    log.info("%s mirror entries in %s", "removed" if args.remove else "wrote", HOSTS)
    return 0


if __name__ == "__main__":
    sys.exit(main())
