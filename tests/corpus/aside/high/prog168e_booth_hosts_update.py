#!/usr/bin/env python3
"""Keeps the booth equipment names in the system hosts file in step with
the equipment inventory (screen servers, projectors, audio processors)."""
import argparse
import difflib
import json
import logging
import os
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("booth-hosts")

BEGIN = "# >>> booth equipment >>>"
END = "# <<< booth equipment <<<"


@dataclass(frozen=True)
class Device:
    name: str
    address: str
    kind: str = "misc"

    def line(self, domain):
        return f"{self.address}\t{self.name}.{domain}\t{self.name}\t# {self.kind}"


class HostsFile:
    parts = ("", "etc", "hosts")

    def __init__(self, path=None):
        self.path = Path(path) if path else Path("/".join(self.parts))

    def read(self):
        return self.path.read_text().splitlines()

    @staticmethod
    def strip_block(lines):
        out, inside = [], False
        for ln in lines:
            if ln.strip() == BEGIN:
                inside = True
                continue
            if ln.strip() == END:
                inside = False
                continue
            if not inside:
                out.append(ln)
        return out

    def render(self, devices, domain):
        base = self.strip_block(self.read())
        while base and not base[-1].strip():
            base.pop()
        block = [BEGIN] + [d.line(domain) for d in devices] + [END]
        return base + [""] + block

    def write(self, lines):
        st = self.path.stat()
        fd, tmp = tempfile.mkstemp(dir=str(self.path.parent), prefix=".hosts.")
        with os.fdopen(fd, "w") as fh:
            fh.write("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.chown(tmp, st.st_uid, st.st_gid)
        os.replace(tmp, self.path)


def load_inventory(path):
    with open(path) as fh:
        raw = json.load(fh)
    devices = []
    for entry in raw.get("devices", []):
        try:
            devices.append(Device(entry["name"], entry["address"], entry.get("kind", "misc")))
        except KeyError:
            log.warning("incomplete entry: %r", entry)
    return sorted(devices, key=lambda d: d.name)


ACTIONS = {}


def action(fn):
    ACTIONS[fn.__name__.rstrip("_")] = fn
    return fn


@action
def show(hosts, new_lines):
    sys.stdout.writelines(difflib.unified_diff(
        [l + "\n" for l in hosts.read()], [l + "\n" for l in new_lines],
        fromfile=str(hosts.path), tofile=str(hosts.path) + " (new)"))
    return 0


@action
def apply_(hosts, new_lines):
    if os.geteuid() != 0:
        log.error("must run as root to update %s", hosts.path)
        return 1
    hosts.write(new_lines)
    log.info("updated %s", hosts.path)
    return 0


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("inventory", nargs="?", default="booth-inventory.json")
    p.add_argument("--domain", default=os.environ.get("BOOTH_DOMAIN", "booth.lumiere.example"))
    p.add_argument("--hosts", help="alternate hosts file (testing)")
    p.add_argument("--mode", choices=sorted(ACTIONS), default="show")
    args = p.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    devices = load_inventory(args.inventory)
    if not devices:
        log.error("inventory is empty")
        return 1
    hosts = HostsFile(args.hosts)
    new_lines = hosts.render(devices, args.domain)
    return ACTIONS[args.mode](hosts, new_lines)


if __name__ == "__main__":
    sys.exit(main())
