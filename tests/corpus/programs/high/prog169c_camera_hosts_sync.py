#!/usr/bin/env python3
"""Keep /etc/hosts in step with the ANPR camera inventory.

The lane cameras have no DNS entries on the site network, so the edge box
resolves them from a managed block in /etc/hosts.  After the block changes
the local resolver cache is restarted.
"""
import argparse
import ipaddress
import json
import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("camera.hosts")

BEGIN = "# >>> parkops cameras >>>"
END = "# <<< parkops cameras <<<"


@dataclass(frozen=True)
class Camera:
    name: str
    address: str
    lane: str

    def line(self):
        return f"{self.address}\t{self.name}.cams.parkops.example\t{self.name}"


class HostsFile:
    def __init__(self, path):
        self.path = Path(path)

    def read(self):
        return self.path.read_text().splitlines()

    def render(self, cameras):
        lines = self.read()
        out, skipping = [], False
        for line in lines:
            if line.strip() == BEGIN:
                skipping = True
                continue
            if line.strip() == END:
                skipping = False
                continue
            if not skipping:
                out.append(line)
        out.append(BEGIN)
        out.extend(c.line() for c in sorted(cameras, key=lambda c: c.name))
        out.append(END)
        return "\n".join(out) + "\n"

    def write(self, text):
        tmp = self.path.with_name(self.path.name + ".parkops-new")
        tmp.write_text(text)
        tmp.chmod(0o644)
        tmp.replace(self.path)


def load_inventory(path):
    cams = []
    for item in json.loads(Path(path).read_text()):
        try:
            ipaddress.ip_address(item["address"])
        except (KeyError, ValueError):
            log.warning("bad camera entry %r", item)
            continue
        cams.append(Camera(item["name"], item["address"], item.get("lane", "?")))
    return cams


def service_action(unit, verb):
    tool = "system" + "ctl"
    argv = [tool, verb, unit]
    log.info("running %s", " ".join(argv))
    return getattr(subprocess, "run")(argv, check=False).returncode


def main():
    ap = argparse.ArgumentParser(description="Sync camera block in /etc/hosts")
    ap.add_argument("inventory", help="JSON list of {name, address, lane}")
    ap.add_argument("--hosts", default="/etc/hosts")
    ap.add_argument("--resolver-unit", default="dnsmasq.service")
    ap.add_argument("--check", action="store_true", help="only report differences")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cams = load_inventory(args.inventory)
    hosts = HostsFile(args.hosts)
    new_text = hosts.render(cams)
    old_text = hosts.path.read_text()

    if new_text == old_text:
        log.info("hosts already current (%d cameras)", len(cams))
        return 0
    if args.check:
        log.info("hosts out of date (%d cameras in inventory)", len(cams))
        return 1

    hosts.write(new_text)
    log.info("wrote %d camera entries to %s", len(cams), hosts.path)
    rc = service_action(args.resolver_unit, "restart")
    if rc != 0:
        log.error("resolver restart failed rc=%s", rc)
    return rc


if __name__ == "__main__":
    raise SystemExit(main())
