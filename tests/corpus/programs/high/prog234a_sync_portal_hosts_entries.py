#!/usr/bin/env python3
"""Pin vet-portal staging hostnames in the system hosts file.

Staging DNS for the vet portal lags behind environment rebuilds, so the
claims-intake developers pin the current staging addresses locally. This
maintains a clearly marked block in /etc/hosts from a small JSON mapping
and leaves every other line untouched.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("portal_hosts")
HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN vet-portal staging (managed)"
END = "# END vet-portal staging (managed)"
ALLOWED_SUFFIXES = (".example.com", ".example.net", ".example.org")


class HostsError(Exception):
    pass


def load_mapping(path):
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise HostsError(f"cannot read mapping {path}: {exc}") from exc
    mapping = {}
    for name, addr in data.items():
        try:
            ipaddress.ip_address(addr)
        except ValueError:
            raise HostsError(f"invalid address for {name}: {addr}") from None
        if not name.endswith(ALLOWED_SUFFIXES):
            raise HostsError(f"refusing to pin non-staging name {name}")
        mapping[name] = addr
    return mapping


def strip_managed_block(lines):
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
    return out


def render_block(mapping):
    stamp = datetime.now().strftime("%Y-%m-%d %H:%M")
    block = [BEGIN, f"# updated {stamp}"]
    for name in sorted(mapping):
        block.append(f"{mapping[name]}\t{name}")
    block.append(END)
    return block


def write_hosts(lines, dry_run):
    text = "\n".join(lines).rstrip("\n") + "\n"
    if dry_run:
        print(text)
        return
    backup = HOSTS_FILE.with_name("hosts.vetportal.bak")
    shutil.copy2(HOSTS_FILE, backup)
    LOG.info("backed up %s to %s", HOSTS_FILE, backup)
    HOSTS_FILE.write_text(text, encoding="utf-8")
    HOSTS_FILE.chmod(0o644)


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mapping", help="JSON file: {hostname: address}")
    parser.add_argument("--remove", action="store_true", help="drop the managed block")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        current = HOSTS_FILE.read_text(encoding="utf-8").splitlines()
        kept = strip_managed_block(current)
        if args.remove:
            new_lines = kept
        else:
            mapping = load_mapping(args.mapping)
            new_lines = kept + [""] + render_block(mapping)
            LOG.info("pinning %d staging hostnames", len(mapping))
        write_hosts(new_lines, args.dry_run)
    except HostsError as exc:
        LOG.error("%s", exc)
        return 2
    except PermissionError:
        LOG.error("no permission to write %s; run as root", HOSTS_FILE)
        return 1
    LOG.info("hosts file updated")
    return 0


if __name__ == "__main__":
    sys.exit(main())
