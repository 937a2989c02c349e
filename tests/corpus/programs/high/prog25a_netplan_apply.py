#!/usr/bin/env python3
"""Apply this host's slice of the fleet network inventory with netplan.

Looks up the local hostname in the inventory, renders the netplan
document, installs it into the system netplan directory and asks netplan
to apply it.  A backup of the previous file is kept next to it.
"""
import argparse
import ipaddress
import logging
import os
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, List, Optional

import yaml

LOG = logging.getLogger("netplan-apply")
DEFAULT_INVENTORY = "inventory/network.yaml"
CONFIG_PARTS = ("etc", "netplan")
FILE_NAME = "60-fleet.yaml"


class InventoryError(Exception):
    """Raised when the inventory cannot be turned into netplan."""


@dataclass
class Interface:
    name: str
    addresses: List[str] = field(default_factory=list)
    gateway: Optional[str] = None
    nameservers: List[str] = field(default_factory=list)
    dhcp: bool = False

    def validate(self) -> None:
        for cidr in self.addresses:
            try:
                ipaddress.ip_interface(cidr)
            except ValueError as exc:
                raise InventoryError(f"{self.name}: bad address {cidr}") from exc

    def to_netplan(self) -> Dict:
        doc: Dict = {"dhcp4": self.dhcp}
        if self.addresses:
            doc["addresses"] = list(self.addresses)
        if self.gateway:
            doc["routes"] = [{"to": "default", "via": self.gateway}]
        if self.nameservers:
            doc["nameservers"] = {"addresses": list(self.nameservers)}
        return doc


def load_host(path: str, host: str) -> List[Interface]:
    with open(path, "r", encoding="utf-8") as handle:
        raw = yaml.safe_load(handle) or {}
    spec = (raw.get("hosts") or {}).get(host)
    if spec is None:
        raise InventoryError(f"host {host} not present in {path}")
    result = []
    for name, opts in (spec.get("interfaces") or {}).items():
        iface = Interface(name=name,
                          addresses=opts.get("addresses", []),
                          gateway=opts.get("gateway"),
                          nameservers=opts.get("nameservers", raw.get("default_dns", [])),
                          dhcp=bool(opts.get("dhcp", False)))
        iface.validate()
        result.append(iface)
    return result


def render(ifaces: List[Interface]) -> str:
    document = {"network": {"version": 2, "renderer": "networkd",
                            "ethernets": {i.name: i.to_netplan() for i in ifaces}}}
    return "# managed by netplan-apply\n" + yaml.safe_dump(document, sort_keys=False)


class NetplanInstaller:
    def __init__(self, prefix: str = os.sep, timeout: int = 120):
        self.config_dir = Path(prefix).joinpath(*CONFIG_PARTS)
        self.timeout = timeout

    @property
    def target(self) -> Path:
        return self.config_dir / FILE_NAME

    def install(self, text: str) -> bool:
        if self.target.exists():
            if self.target.read_text(encoding="utf-8") == text:
                LOG.info("%s already up to date", self.target)
                return False
            backup = self.target.with_suffix(".yaml.bak")
            backup.write_bytes(self.target.read_bytes())
            LOG.info("saved previous config to %s", backup)
        self.config_dir.mkdir(parents=True, exist_ok=True)
        self.target.write_text(text, encoding="utf-8")
        os.chmod(self.target, 0o600)
        os.chown(self.target, 0, 0)
        LOG.info("wrote %s", self.target)
        return True

    def apply(self) -> None:
        LOG.info("running netplan generate/apply")
        subprocess.run(["netplan", "generate"], check=True, timeout=self.timeout)
        subprocess.run(["netplan", "apply"], check=True, timeout=self.timeout)


def parse_args(argv=None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--inventory", default=DEFAULT_INVENTORY)
    parser.add_argument("--host", default=socket.gethostname())
    parser.add_argument("--no-apply", action="store_true",
                        help="install the file but do not call netplan apply")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None) -> int:
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        ifaces = load_host(args.inventory, args.host)
    except (InventoryError, OSError) as exc:
        LOG.error("%s", exc)
        return 2
    installer = NetplanInstaller()
    try:
        changed = installer.install(render(ifaces))
        if changed and not args.no_apply:
            installer.apply()
    except PermissionError:
        LOG.error("cannot write %s; run this on the node as an administrator",
                  installer.target)
        return 3
    except subprocess.CalledProcessError as exc:
        LOG.error("netplan failed with %s", exc.returncode)
        return 4
    return 0


if __name__ == "__main__":
    sys.exit(main())
