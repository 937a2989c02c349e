#!/usr/bin/env python3
"""Pin delivery-platform hostnames for the order tablets' gateway box.

The shop's ISP resolver flaps during the Friday dinner rush and the order
tablets drop off the delivery platforms. This resolves the platform API
hosts while DNS is healthy and pins them in the gateway's hosts file inside
a managed block, so lookups keep working when the resolver does not.

    tablet_hosts_pinning.py [--hosts-file /etc/hosts] [--remove] [--dry-run]
"""

import argparse
import logging
import os
import socket
import sys
import tempfile
from datetime import datetime
from pathlib import Path

log = logging.getLogger("hosts-pin")

BEGIN = "# >>> order-tablet pins >>>"
END = "# <<< order-tablet pins <<<"

PLATFORM_HOSTS = [
    "api.ubereats.com",
    "merchant-api.doordash.com",
    "partner-api.deliveroo.com",
    "api.grubhub.com",
]


def resolve(host: str):
    try:
        infos = socket.getaddrinfo(host, 443, socket.AF_INET, socket.SOCK_STREAM)
    except socket.gaierror as exc:
        log.warning("cannot resolve %s: %s", host, exc)
        return None
    addrs = sorted({i[4][0] for i in infos})
    return addrs[0] if addrs else None


def strip_block(lines):
    out, inside = [], False
    for line in lines:
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
    return out


def build_block(pins: dict):
    stamp = datetime.now().isoformat(timespec="minutes")
    block = [BEGIN, f"# refreshed {stamp}"]
    block += [f"{ip}\t{host}" for host, ip in sorted(pins.items())]
    block.append(END)
    return block


def write_atomically(path: Path, lines):
    st = path.stat()
    fd, tmp = tempfile.mkstemp(dir=str(path.parent), prefix=".hosts.")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        os.chmod(tmp, st.st_mode & 0o777)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hosts-file", type=Path, default=Path("/etc/hosts"))
    ap.add_argument("--extra", nargs="*", default=[], help="additional hostnames to pin")
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        current = args.hosts_file.read_text().splitlines()
    except OSError as exc:
        log.error("cannot read %s: %s", args.hosts_file, exc)
        return 1

    base = strip_block(current)
    if args.remove:
        new = base
    else:
        pins = {}
        for host in PLATFORM_HOSTS + args.extra:
            ip = resolve(host)
            if ip:
                pins[host] = ip
        if not pins:
            log.error("nothing resolved; DNS may already be down, leaving file alone")
            return 1
        new = base + ["", *build_block(pins)]
        for host, ip in pins.items():
            log.info("pin %-28s -> %s", host, ip)

    if args.dry_run:
        print("\n".join(new))
        return 0

    try:
        write_atomically(args.hosts_file, new)
    except PermissionError:
        log.error("permission denied writing %s (run on the gateway as root)", args.hosts_file)
        return 1
    log.info("updated %s", args.hosts_file)
    return 0


if __name__ == "__main__":
    sys.exit(main())
