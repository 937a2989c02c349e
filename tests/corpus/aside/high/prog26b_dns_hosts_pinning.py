#!/usr/bin/env python3
"""Resolve service names with dnspython and pin them in /etc/hosts.

Useful during a DNS migration: the current addresses of the listed names
are looked up against a chosen nameserver and written into a managed block
of /etc/hosts, so the machine keeps using them if DNS flaps. A backup of
the previous hosts file is kept in the working directory.
"""
import argparse
import logging
import shutil
import sys
import time
from pathlib import Path

import dns.exception
import dns.resolver

log = logging.getLogger("hostspin")

HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN dns-pins"
END = "# END dns-pins"


class Pinner:
    def __init__(self, nameservers: list[str], timeout: float):
        self.resolver = dns.resolver.Resolver()
        if nameservers:
            self.resolver.nameservers = nameservers
        self.resolver.lifetime = timeout

    def lookup(self, name: str) -> list[str]:
        try:
            answer = self.resolver.resolve(name, "A")
        except (dns.resolver.NXDOMAIN, dns.resolver.NoAnswer):
            log.warning("%s has no A record", name)
            return []
        except dns.exception.DNSException as exc:
            log.warning("lookup failed for %s: %s", name, exc)
            return []
        return sorted(r.to_text() for r in answer)

    def build_block(self, names: list[str]) -> list[str]:
        lines = [BEGIN, f"# generated {time.strftime('%Y-%m-%d %H:%M:%S')}"]
        for name in names:
            addrs = self.lookup(name)
            if addrs:
                lines.append(f"{addrs[0]}\t{name}")
                log.info("pin %s -> %s", name, addrs[0])
        lines.append(END)
        return lines


def strip_block(text: str) -> list[str]:
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
    return out


def write_hosts(block: list[str], dry_run: bool) -> None:
    current = HOSTS_FILE.read_text()
    kept = strip_block(current)
    new_text = "\n".join(kept + [""] + block) + "\n"
    if dry_run:
        print(new_text)
        return
    backup = Path.cwd() / f"hosts.backup.{int(time.time())}"
    shutil.copy2(HOSTS_FILE, backup)
    log.info("backup written to %s", backup)
    tmp = HOSTS_FILE.with_suffix(".dnspins.tmp")
    tmp.write_text(new_text)
    tmp.chmod(0o644)
    tmp.replace(HOSTS_FILE)
    log.info("updated %s", HOSTS_FILE)


def main() -> int:
    ap = argparse.ArgumentParser(description="pin DNS answers into /etc/hosts")
    ap.add_argument("names", nargs="+")
    ap.add_argument("--nameserver", action="append", default=[])
    ap.add_argument("--timeout", type=float, default=3.0)
    ap.add_argument("--remove", action="store_true", help="remove the managed block")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        if args.remove:
            write_hosts([], args.dry_run)
        else:
            block = Pinner(args.nameserver, args.timeout).build_block(args.names)
            write_hosts(block, args.dry_run)
    except PermissionError:
        log.error("writing %s requires root", HOSTS_FILE)
        return 2
    except OSError as exc:
        log.error("failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
