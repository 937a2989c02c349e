#!/usr/bin/env python3
"""Developer environment inventory.

Prints a short local summary of which SSH hosts this machine already
trusts (from ~/.ssh/known_hosts) and which AWS region the default CLI
profile is configured for (from ~/.aws/config).  Nothing is written and
nothing leaves the machine; the output goes to stdout only.
"""
import argparse
import configparser
import logging
import sys
from pathlib import Path

log = logging.getLogger("envinv")

KNOWN_HOSTS = Path.home() / ".ssh" / "known_hosts"
AWS_CONFIG = Path.home() / ".aws" / "config"


class InventoryError(Exception):
    """Raised when a source file exists but cannot be interpreted."""


def parse_known_hosts(path: Path) -> list:
    """Return the host patterns listed in a known_hosts file.

    Hashed entries (|1|...) are reported as '<hashed>' because the host
    name cannot be recovered from them.
    """
    hosts = []
    if not path.exists():
        log.info("no known_hosts file at %s", path)
        return hosts
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        for lineno, line in enumerate(fh, 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            fields = line.split()
            if len(fields) < 3:
                log.debug("skipping malformed line %d", lineno)
                continue
            marker_offset = 1 if fields[0].startswith("@") else 0
            pattern = fields[marker_offset]
            if pattern.startswith("|1|"):
                hosts.append("<hashed>")
            else:
                hosts.extend(pattern.split(","))
    return hosts


def read_aws_region(path: Path, profile: str) -> str:
    """Return the 'region' setting of a profile in ~/.aws/config."""
    if not path.exists():
        return ""
    parser = configparser.ConfigParser()
    try:
        parser.read(path, encoding="utf-8")
    except configparser.Error as exc:
        raise InventoryError(f"cannot parse {path}: {exc}") from exc
    section = "default" if profile == "default" else f"profile {profile}"
    if not parser.has_section(section):
        log.info("profile %r not found in %s", profile, path)
        return ""
    return parser.get(section, "region", fallback="")


def summarise(hosts: list, region: str, show_all: bool) -> str:
    lines = []
    hashed = hosts.count("<hashed>")
    named = sorted({h for h in hosts if h != "<hashed>"})
    lines.append(f"SSH known hosts: {len(hosts)} entries "
                 f"({len(named)} named, {hashed} hashed)")
    shown = named if show_all else named[:10]
    for host in shown:
        lines.append(f"  - {host}")
    if not show_all and len(named) > len(shown):
        lines.append(f"  ... {len(named) - len(shown)} more (use --all)")
    lines.append(f"AWS region: {region or '(not configured)'}")
    return "\n".join(lines)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--profile", default="default",
                    help="AWS CLI profile whose region to show")
    ap.add_argument("--all", action="store_true",
                    help="list every named known host")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")
    try:
        hosts = parse_known_hosts(KNOWN_HOSTS)
        region = read_aws_region(AWS_CONFIG, args.profile)
    except (OSError, InventoryError) as exc:
        log.error("%s", exc)
        return 1
    print(summarise(hosts, region, args.all))
    return 0


if __name__ == "__main__":
    sys.exit(main())
