#!/usr/bin/env python3
"""Pin the trial venue's field devices in the system hosts file.

The venue LAN has no DNS, so the scoreboard, timing gates and PA mixer are
written into the hosts file between SDTS markers. Re-running replaces the
block; --remove takes it out again after the trial.
"""
import argparse
import json
import logging
import os
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("sdts.hosts-pin")

BEGIN = "# >>> sdts venue devices >>>"
END = "# <<< sdts venue devices <<<"

DEFAULT_DEVICES = {
    "scoreboard.field": "192.0.2.20",
    "gate-outrun.field": "192.0.2.11",
    "gate-pen.field": "192.0.2.12",
    "gate-shed.field": "192.0.2.13",
    "pa-mixer.field": "192.0.2.30",
}


@dataclass
class HostsFile:
    path: Path

    def read(self):
        return self.path.read_text().splitlines()

    def without_block(self, lines):
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
        return out

    def backup(self):
        dest = self.path.with_name(f"{self.path.name}.sdts-{int(time.strftime('%Y%m%d'))}")
        shutil.copy2(self.path, dest)
        return dest

    def write(self, lines):
        tmp = self.path.with_name(self.path.name + ".sdts-new")
        tmp.write_text("\n".join(lines) + "\n")
        os.chmod(tmp, 0o644)
        os.chown(tmp, 0, 0)
        os.replace(tmp, self.path)


def render(devices):
    width = max(len(ip) for ip in devices.values())
    block = [BEGIN]
    for name, ip in sorted(devices.items()):
        block.append(f"{ip.ljust(width)}  {name}")
    block.append(END)
    return block


def load_devices(path):
    if path and path.is_file():
        return json.loads(path.read_text())
    return DEFAULT_DEVICES


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--devices", type=Path, help="JSON map of name to address")
    parser.add_argument("--hosts", type=Path,
                        default=Path(os.environ.get("SDTS_HOSTS_FILE", "/etc/hosts")))
    parser.add_argument("--remove", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if os.geteuid() != 0:
        log.error("needs root to edit %s", args.hosts)
        return 1

    hosts = HostsFile(args.hosts)
    saved = hosts.backup()
    log.info("backup at %s", saved)
    lines = hosts.without_block(hosts.read())
    if not args.remove:
        lines += render(load_devices(args.devices))
    hosts.write(lines)
    log.info("%s venue block in %s", "removed" if args.remove else "wrote", args.hosts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
