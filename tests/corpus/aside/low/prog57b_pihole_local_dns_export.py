#!/usr/bin/env python3
"""Generate a Pi-hole style local DNS list from the homelab inventory.

Reads ./inventory.toml (hosts, IPs, aliases) and produces ./build/custom.list
and ./build/cname.conf that can later be copied onto the Pi-hole by hand.
Nothing outside the working directory is touched.
"""
import argparse
import ipaddress
import logging
import shutil
import sys
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

logger = logging.getLogger(__name__)
BUILD_DIR = Path("build")


@dataclass
class Host:
    name: str
    address: str
    aliases: list = field(default_factory=list)

    def validate(self, domain: str) -> None:
        ipaddress.ip_address(self.address)
        if not self.name.endswith(domain):
            self.name = f"{self.name}.{domain}"


def load_inventory(path: Path) -> tuple[str, list]:
    with path.open("rb") as fh:
        data = tomllib.load(fh)
    domain = data.get("domain", "home.arpa")
    hosts = [Host(h["name"], h["ip"], h.get("aliases", [])) for h in data.get("hosts", [])]
    return domain, hosts


def render_custom_list(hosts) -> str:
    width = max((len(h.address) for h in hosts), default=15)
    return "".join(f"{h.address:<{width}} {h.name}\n" for h in hosts)


def render_cnames(hosts, domain) -> str:
    lines = []
    for h in hosts:
        for alias in h.aliases:
            fq = alias if alias.endswith(domain) else f"{alias}.{domain}"
            lines.append(f"cname={fq},{h.name}")
    return "\n".join(lines) + ("\n" if lines else "")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("inventory", nargs="?", default="inventory.toml")
    parser.add_argument("--clean", action="store_true", help="remove previous build output")
    opts = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if opts.clean and BUILD_DIR.exists():
        shutil.rmtree(BUILD_DIR)
        logger.info("removed old %s/", BUILD_DIR)

    try:
        domain, hosts = load_inventory(Path(opts.inventory))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        logger.error("cannot read inventory: %s", exc)
        return 1

    good = []
    for host in hosts:
        try:
            host.validate(domain)
            good.append(host)
        except ValueError:
            logger.warning("skipping %s: bad address %r", host.name, host.address)

    seen = {}
    for host in good:
        if host.name in seen:
            logger.warning("duplicate name %s (%s vs %s)", host.name, seen[host.name], host.address)
        seen[host.name] = host.address

    BUILD_DIR.mkdir(exist_ok=True)
    (BUILD_DIR / "custom.list").write_text(render_custom_list(good))
    (BUILD_DIR / "cname.conf").write_text(render_cnames(good, domain))
    logger.info("wrote %d A records to %s", len(good), BUILD_DIR / "custom.list")
    return 0


if __name__ == "__main__":
    sys.exit(main())
