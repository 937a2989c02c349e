#!/usr/bin/env python3
"""Point catalogue workstations at the studio image NAS.

The photography studio's NAS and render box are not in the venue DNS, so
each workstation carries a small managed block in /etc/hosts. This tool
rewrites that block from the studio's host list, leaving the rest of the
file untouched and keeping a backup of the previous version.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import sys
from pathlib import Path

LOG = logging.getLogger("studio_hosts")
HOSTS_FILE = Path("/etc/hosts")
BEGIN = "# BEGIN auction-studio hosts"
END = "# END auction-studio hosts"
DEFAULT_HOSTS = {
    "studio-nas.example.org": "192.0.2.20",
    "render-01.example.org": "192.0.2.21",
    "colour-proof.example.org": "192.0.2.22",
}


class ManagedBlock:
    """A marked region of the hosts file owned by this tool."""

    def __init__(self, entries: dict):
        self.entries = entries

    def validate(self):
        for name, addr in self.entries.items():
            ipaddress.ip_address(addr)
            if not name or " " in name:
                raise ValueError(f"bad host name: {name!r}")

    def render(self) -> list:
        lines = [BEGIN]
        for name, addr in sorted(self.entries.items()):
            lines.append(f"{addr}\t{name}")
        lines.append(END)
        return lines


def strip_block(lines: list) -> list:
    kept, inside = [], False
    for line in lines:
        if line.strip() == BEGIN:
            inside = True
            continue
        if line.strip() == END:
            inside = False
            continue
        if not inside:
            kept.append(line)
    return kept


def load_entries(path: Path) -> dict:
    if path and path.exists():
        LOG.info("using host list %s", path)
        return json.loads(path.read_text())
    LOG.info("using built-in studio host list")
    return dict(DEFAULT_HOSTS)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hosts-list", type=Path, default=Path("studio_hosts.json"))
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("--remove", action="store_true",
                        help="remove the managed block instead of writing it")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        block = ManagedBlock({} if args.remove else load_entries(args.hosts_list))
        block.validate()
    except (ValueError, json.JSONDecodeError) as exc:
        LOG.error("host list rejected: %s", exc)
        return 1

    current = HOSTS_FILE.read_text().splitlines()
    updated = strip_block(current)
    while updated and not updated[-1].strip():
        updated.pop()
    if not args.remove:
        updated += [""] + block.render()
    text = "\n".join(updated) + "\n"

    if args.dry_run:
        print(text)
        return 0

    try:
        shutil.copy2(HOSTS_FILE, HOSTS_FILE.with_suffix(".studio-bak"))
        HOSTS_FILE.write_text(text)
    except PermissionError:
        LOG.error("permission denied writing %s; run as an administrator", HOSTS_FILE)
        return 1
    LOG.info("updated %s with %d studio host(s)", HOSTS_FILE, len(block.entries))
    return 0


if __name__ == "__main__":
    sys.exit(main())
