#!/usr/bin/env python3
"""Render per-host netplan documents from a fleet inventory.

The rendered files land in ./build/netplan/<host>/ so that they can be
reviewed in a merge request and shipped by the regular deploy pipeline.
Nothing on the local machine is reconfigured by this tool.
"""
import argparse
import ipaddress
import logging
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import yaml

LOG = logging.getLogger("netplan-render")
DEFAULT_INVENTORY = "inventory/network.yaml"
BUILD_ROOT = Path("build") / "netplan"
FILE_NAME = "60-fleet.yaml"


class InventoryError(Exception):
    """Raised when the inventory cannot be turned into netplan."""


@dataclass
class Interface:
    name: str
    addresses: List[str] = field(default_factory=list)
    gateway: Optional[str] = None
    nameservers: List[str] = field(default_factory=list)
    mtu: Optional[int] = None
    dhcp: bool = False

    def validate(self) -> None:
        for cidr in self.addresses:
            try:
                ipaddress.ip_interface(cidr)
            except ValueError as exc:
                raise InventoryError(f"{self.name}: bad address {cidr}") from exc
        if self.gateway:
            ipaddress.ip_address(self.gateway)
        if self.mtu is not None and not 576 <= self.mtu <= 9216:
            raise InventoryError(f"{self.name}: mtu {self.mtu} out of range")

    def to_netplan(self) -> Dict:
        doc: Dict = {"dhcp4": self.dhcp}
        if self.addresses:
            doc["addresses"] = list(self.addresses)
        if self.gateway:
            doc["routes"] = [{"to": "default", "via": self.gateway}]
        if self.nameservers:
            doc["nameservers"] = {"addresses": list(self.nameservers)}
        if self.mtu:
            doc["mtu"] = self.mtu
        return doc


def load_inventory(path: str) -> Dict[str, List[Interface]]:
    try:
        with open(path, "r", encoding="utf-8") as handle:
            raw = yaml.safe_load(handle) or {}
    except FileNotFoundError as exc:
        raise InventoryError(f"inventory not found: {path}") from exc
    hosts: Dict[str, List[Interface]] = {}
    for host, spec in (raw.get("hosts") or {}).items():
        ifaces = []
        for name, opts in (spec.get("interfaces") or {}).items():
            iface = Interface(
                name=name,
                addresses=opts.get("addresses", []),
                gateway=opts.get("gateway"),
                nameservers=opts.get("nameservers", raw.get("default_dns", [])),
                mtu=opts.get("mtu"),
                dhcp=bool(opts.get("dhcp", False)),
            )
            iface.validate()
            ifaces.append(iface)
        hosts[host] = ifaces
    return hosts


def render_host(host: str, ifaces: List[Interface], renderer: str) -> str:
    document = {
        "network": {
            "version": 2,
            "renderer": renderer,
            "ethernets": {i.name: i.to_netplan() for i in ifaces},
        }
    }
    header = f"# generated for {host} by netplan-render; do not edit by hand\n"
    return header + yaml.safe_dump(document, sort_keys=False)


def write_output(host: str, text: str, out_root: Path) -> Path:
    target_dir = out_root / host
    target_dir.mkdir(parents=True, exist_ok=True)
    target = target_dir / FILE_NAME
    target.write_text(text, encoding="utf-8")
    # netplan refuses world-readable files, so match that in the build tree
    os.chmod(target, 0o600)
    return target


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inventory", default=DEFAULT_INVENTORY)
    parser.add_argument("--out", default=str(BUILD_ROOT))
    parser.add_argument("--renderer", choices=["networkd", "NetworkManager"],
                        default="networkd")
    parser.add_argument("--host", action="append", help="limit to these hosts")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        hosts = load_inventory(args.inventory)
    except (InventoryError, ValueError) as exc:
        LOG.error("%s", exc)
        return 2
    out_root = Path(args.out)
    written = 0
    for host, ifaces in sorted(hosts.items()):
        if args.host and host not in args.host:
            continue
        if not ifaces:
            LOG.warning("%s has no interfaces, skipping", host)
            continue
        path = write_output(host, render_host(host, ifaces, args.renderer), out_root)
        LOG.info("rendered %s", path)
        written += 1
    LOG.info("%d host file(s) rendered under %s", written, out_root)
    return 0 if written else 1


if __name__ == "__main__":
    sys.exit(main())
