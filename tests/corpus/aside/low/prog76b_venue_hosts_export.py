#!/usr/bin/env python3
"""Venue hosts snapshot.

Resolves the access-control, ticket-validation and POS hostnames for each
venue listed in ``venues.toml`` while the venue uplink is healthy, and writes
a hosts-format snapshot (``venue_hosts.txt``) that the on-site team keeps for
the event day in case venue DNS goes down.
"""

import argparse
import ipaddress
import logging
import socket
import sys
import tomllib
from concurrent.futures import ThreadPoolExecutor, as_completed
from datetime import datetime, timezone
from pathlib import Path

log = logging.getLogger("venue-hosts")

BEGIN = "# >>> venue-hosts >>>"
END = "# <<< venue-hosts <<<"


def load_venues(path: Path) -> dict:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    venues = data.get("venue", {})
    if not venues:
        raise ValueError(f"{path}: no [venue.*] tables")
    return venues


def resolve(hostname: str, prefer_v4: bool = True) -> list:
    family = socket.AF_INET if prefer_v4 else socket.AF_UNSPEC
    infos = socket.getaddrinfo(hostname, None, family, socket.SOCK_STREAM)
    addrs = []
    for *_, sockaddr in infos:
        ip = sockaddr[0]
        if ip not in addrs:
            addrs.append(ip)
    return addrs


def collect(venues: dict, workers: int = 8) -> list:
    jobs = {}
    with ThreadPoolExecutor(max_workers=workers) as pool:
        for venue_id, cfg in venues.items():
            for role, host in cfg.get("hosts", {}).items():
                jobs[pool.submit(resolve, host)] = (venue_id, role, host)
        entries = []
        for fut in as_completed(jobs):
            venue_id, role, host = jobs[fut]
            try:
                addrs = fut.result()
            except socket.gaierror as exc:
                log.warning("%s/%s: cannot resolve %s: %s", venue_id, role, host, exc)
                continue
            usable = [a for a in addrs if not ipaddress.ip_address(a).is_loopback]
            if not usable:
                log.warning("%s/%s: %s resolved only to loopback", venue_id, role, host)
                continue
            entries.append((venue_id, role, host, usable[0]))
    return sorted(entries)


def render_block(entries: list) -> str:
    stamp = datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%MZ")
    lines = [BEGIN, f"# generated {stamp}"]
    current = None
    for venue_id, role, host, ip in entries:
        if venue_id != current:
            lines.append(f"# {venue_id}")
            current = venue_id
        lines.append(f"{ip:<16} {host}  # {role}")
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge_block(existing: str, block: str) -> str:
    if BEGIN in existing and END in existing:
        head, _, rest = existing.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    sep = "" if existing.endswith("\n") or not existing else "\n"
    return existing + sep + block


def write_hosts(target: Path, block: str) -> None:
    existing = target.read_text() if target.exists() else ""
    merged = merge_block(existing, block)
    if merged == existing:
        log.info("%s already up to date", target)
        return
    tmp = target.with_suffix(".tmp")
    tmp.write_text(merged)
    tmp.replace(target)
    log.info("updated %s", target)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--venues", type=Path, default=Path("venues.toml"))
    ap.add_argument("--output", type=Path, default=Path("venue_hosts.txt"))
    ap.add_argument("--print", dest="show", action="store_true", help="print the block too")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        venues = load_venues(args.venues)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("cannot load venues: %s", exc)
        return 2

    entries = collect(venues)
    if not entries:
        log.error("nothing resolved, leaving %s untouched", args.output)
        return 1
    block = render_block(entries)
    if args.show:
        sys.stdout.write(block)
    write_hosts(args.output, block)
    return 0


if __name__ == "__main__":
    sys.exit(main())
