#!/usr/bin/env python3
"""Generate a systemd-resolved split-DNS drop-in from the site inventory.

    resolved_dropin_writer.py --site ams1 [--inventory sites.toml]

sites.toml:
    [sites.ams1]
    dns = ["10.40.0.53", "10.40.1.53"]
    domains = ["corp.example", "ams1.corp.example"]
    dnssec = "allow-downgrade"

Routing domains are written with a "~" prefix so only those zones go to
the site resolvers; everything else keeps using the uplink resolver.
"""
import argparse
import ipaddress
import logging
import os
import sys
import tempfile
import tomllib
from pathlib import Path

log = logging.getLogger("resolved-dropin")

DROPIN_DIR = Path("/etc/systemd/resolved.conf.d")
DROPIN_NAME = "60-netops-split.conf"
VALID_DNSSEC = {"yes", "no", "allow-downgrade"}


class SiteResolvers:
    def __init__(self, name, servers, domains, dnssec="allow-downgrade"):
        self.name = name
        self.servers = [str(ipaddress.ip_address(s)) for s in servers]
        self.domains = [d.strip(".").lower() for d in domains if d.strip(".")]
        if dnssec not in VALID_DNSSEC:
            raise ValueError(f"dnssec must be one of {sorted(VALID_DNSSEC)}")
        self.dnssec = dnssec
        if not self.servers:
            raise ValueError("no resolvers listed")

    @classmethod
    def from_inventory(cls, path, site):
        with open(path, "rb") as fh:
            data = tomllib.load(fh)
        try:
            entry = data["sites"][site]
        except KeyError:
            raise ValueError(f"site {site!r} not in {path}") from None
        return cls(site, entry.get("dns", []), entry.get("domains", []),
                   entry.get("dnssec", "allow-downgrade"))

    def render(self):
        return "\n".join([
            f"# managed by resolved_dropin_writer for site {self.name}; local edits are overwritten",
            "[Resolve]",
            "DNS=" + " ".join(self.servers),
            "Domains=" + " ".join("~" + d for d in self.domains),
            f"DNSSEC={self.dnssec}",
            "Cache=yes",
            "",
        ])


def atomic_write(target: Path, content: str, mode=0o644):
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=".dropin-")
    try:
        with os.fdopen(fd, "w") as fh:
            fh.write(content)
            fh.flush()
            os.fsync(fh.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", required=True)
    ap.add_argument("--inventory", default="sites.toml")
    ap.add_argument("--dropin-dir", type=Path, default=DROPIN_DIR)
    ap.add_argument("--print", dest="print_only", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        site = SiteResolvers.from_inventory(args.inventory, args.site)
    except (OSError, ValueError, tomllib.TOMLDecodeError) as exc:
        log.error("%s", exc)
        return 1

    content = site.render()
    if args.print_only:
        sys.stdout.write(content)
        return 0

    target = args.dropin_dir / DROPIN_NAME
    if target.exists() and target.read_text() == content:
        log.info("%s already up to date", target)
        return 0
    try:
        atomic_write(target, content)
    except PermissionError:
        log.error("cannot write %s (run as root)", target)
        return 2
    log.info("wrote %s; run 'resolvectl reload' or restart systemd-resolved", target)
    return 0


if __name__ == "__main__":
    sys.exit(main())
