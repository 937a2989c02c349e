#!/usr/bin/env python3
"""Keep the gateway's MQTT allow-list in step with the sensor inventory.

The facility's environmental monitors (room loggers, IVC rack blowers, cage
washer probes) are registered in sensors.toml.  This tool makes sure each
registered subnet can reach the broker port on this gateway and removes
allow entries for subnets that were decommissioned.
"""
import argparse
import ipaddress
import logging
import shutil
import subprocess
import sys
import tomllib
from dataclasses import dataclass

LOG = logging.getLogger("gateway.fw")
CHAIN = "VIVARIUM-MQTT"


@dataclass(frozen=True)
class SensorNet:
    name: str
    cidr: str
    port: int


def load_inventory(path):
    with open(path, "rb") as fh:
        data = tomllib.load(fh)
    port = int(data.get("broker", {}).get("port", 1883))
    nets = []
    for name, entry in data.get("networks", {}).items():
        cidr = str(ipaddress.ip_network(entry["cidr"], strict=False))
        nets.append(SensorNet(name, cidr, int(entry.get("port", port))))
    return nets


class RuleTable:
    def __init__(self, binary, dry_run=False):
        self.binary = binary
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", "5", *args]
        if self.dry_run and args[0] not in ("-S", "-C", "-L"):
            LOG.info("would run: %s", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def ensure_chain(self):
        if self._run("-L", CHAIN, "-n", check=False).returncode != 0:
            self._run("-N", CHAIN)
        jump = ("INPUT", "-j", CHAIN)
        if self._run("-C", *jump, check=False).returncode != 0:
            self._run("-I", *jump)

    def current(self):
        out = self._run("-S", CHAIN, check=False).stdout
        rules = set()
        for line in out.splitlines():
            parts = line.split()
            if "-s" in parts and "--dport" in parts:
                rules.add((parts[parts.index("-s") + 1], int(parts[parts.index("--dport") + 1])))
        return rules

    def spec(self, cidr, port, comment=None):
        s = ["-s", cidr, "-p", "tcp", "-m", "tcp", "--dport", str(port)]
        if comment:
            s += ["-m", "comment", "--comment", comment]
        return s + ["-j", "ACCEPT"]

    def add(self, net):
        self._run("-A", CHAIN, *self.spec(net.cidr, net.port, f"sensor:{net.name}"))

    def remove(self, cidr, port):
        for line in self._run("-S", CHAIN).stdout.splitlines():
            parts = line.split()
            if parts[:2] == ["-A", CHAIN] and cidr in parts and str(port) in parts:
                self._run("-D", *parts[1:])
                return


def sync(table, nets):
    table.ensure_chain()
    have = table.current()
    want = {(n.cidr, n.port): n for n in nets}
    added = removed = 0
    for key, net in want.items():
        if key not in have:
            LOG.info("allowing %s (%s) to port %d", net.cidr, net.name, net.port)
            table.add(net)
            added += 1
    for cidr, port in have - set(want):
        LOG.info("removing stale allow for %s:%d", cidr, port)
        table.remove(cidr, port)
        removed += 1
    return added, removed


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-i", "--inventory", default="sensors.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    binary = shutil.which("iptables") or "/usr/sbin/iptables"
    try:
        nets = load_inventory(args.inventory)
    except (OSError, KeyError, ValueError) as exc:
        LOG.error("bad inventory: %s", exc)
        return 1
    try:
        added, removed = sync(RuleTable(binary, args.dry_run), nets)
    except subprocess.CalledProcessError as exc:
        LOG.error("%s failed: %s", " ".join(exc.cmd), exc.stderr.strip())
        return 1
    LOG.info("sync complete: %d added, %d removed, %d networks", added, removed, len(nets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
