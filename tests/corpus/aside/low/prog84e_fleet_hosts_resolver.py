#!/usr/bin/env python3
"""Resolve fleet-management server addresses for pit gateways.

The pit mesh loses upstream DNS whenever the fibre to the ROM pad goes
down, and the haul trucks then drop off dispatch. This resolves the
fleet-management hosts listed in fleet_hosts.toml while DNS is healthy and
keeps a managed block of static entries in ./fleet_hosts.generated, which
the network team reviews and loads into the gateway images.
"""
import argparse
import datetime as dt
import logging
import os
import shutil
import socket
import sys
import tomllib
from pathlib import Path

log = logging.getLogger("hosts-resolve")

BEGIN = "# >>> fleet-hosts managed block >>>"
END = "# <<< fleet-hosts managed block <<<"


class HostsFile:
    target = Path("fleet_hosts.generated")

    def __init__(self, path=None):
        if path:
            self.target = Path(path)

    def read(self):
        if not self.target.exists():
            return []
        return self.target.read_text().splitlines()

    @staticmethod
    def strip_block(lines):
        out, inside = [], False
        for line in lines:
            if line.strip() == BEGIN:
                inside = True
                continue
            if line.strip() == END:
                inside = False
                continue
            if not inside:
                out.append(line)
        return out

    def write_block(self, entries):
        lines = self.strip_block(self.read())
        while lines and not lines[-1].strip():
            lines.pop()
        block = [BEGIN, f"# updated {dt.datetime.now().isoformat(timespec='seconds')}"]
        block += [f"{ip}\t{name}" for name, ip in sorted(entries.items())]
        block.append(END)
        new_text = "\n".join(lines + [""] + block) + "\n"

        if self.target.exists():
            backup = self.target.with_name(self.target.name + ".bak")
            shutil.copy2(self.target, backup)
        tmp = self.target.with_name(self.target.name + ".new")
        tmp.write_text(new_text)
        os.chmod(tmp, 0o644)
        os.replace(tmp, self.target)
        log.info("wrote %d entries to %s", len(entries), self.target)


def load_hosts(conf_path):
    with open(conf_path, "rb") as fh:
        conf = tomllib.load(fh)
    return conf.get("fleet", {}).get("hosts", [])


def resolve_all(names, family=socket.AF_INET):
    resolved, failed = {}, []
    for name in names:
        try:
            infos = socket.getaddrinfo(name, None, family, socket.SOCK_STREAM)
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s", name, exc)
            failed.append(name)
            continue
        resolved[name] = infos[0][4][0]
        log.debug("%s -> %s", name, resolved[name])
    return resolved, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--config", default="fleet_hosts.toml")
    ap.add_argument("--output", help="override output file (default ./fleet_hosts.generated)")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        names = load_hosts(args.config)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        log.error("config problem: %s", exc)
        return 2
    if not names:
        log.error("no [fleet] hosts in %s", args.config)
        return 2

    resolved, failed = resolve_all(names)
    if failed and not resolved:
        log.error("DNS looks down, leaving existing file alone")
        return 1
    if args.dry_run:
        for name, ip in sorted(resolved.items()):
            print(f"{ip}\t{name}")
        return 0
    HostsFile(args.output).write_block(resolved)
    return 0 if not failed else 3


if __name__ == "__main__":
    sys.exit(main())
