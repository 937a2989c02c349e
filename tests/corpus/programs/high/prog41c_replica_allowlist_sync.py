#!/usr/bin/env python3
"""Keep the host firewall allowlist for PostgreSQL replication in sync.

Reads the list of replica addresses from replicas.json (maintained by the
inventory job) and makes sure each one has an ACCEPT rule for the
replication port in a dedicated PG_REPLICAS chain; stale entries are
removed. Nothing outside that chain is touched.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys

logger = logging.getLogger("allowlist")
CHAIN = "PG_REPLICAS"


class Firewall:
    def __init__(self, binary, dry_run=False):
        self.binary = binary
        self.dry_run = dry_run

    def run(self, *args, check=True):
        cmd = [self.binary, "-w", *args]
        logger.debug("exec %s", " ".join(cmd))
        if self.dry_run and args[0] in ("-A", "-D", "-N", "-I"):
            logger.info("[dry-run] %s", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def ensure_chain(self, port):
        if self.run("-L", CHAIN, "-n", check=False).returncode != 0:
            self.run("-N", CHAIN)
        jump = ["INPUT", "-p", "tcp", "--dport", str(port), "-j", CHAIN]
        if self.run("-C", *jump, check=False).returncode != 0:
            self.run("-I", *jump)

    def current_sources(self):
        out = self.run("-S", CHAIN).stdout
        sources = set()
        for line in out.splitlines():
            parts = line.split()
            if parts[:2] == ["-A", CHAIN] and "-s" in parts:
                sources.add(parts[parts.index("-s") + 1].removesuffix("/32"))
        return sources

    def allow(self, addr, port):
        self.run("-A", CHAIN, "-s", addr, "-p", "tcp", "--dport", str(port),
                 "-m", "comment", "--comment", "pg-replica", "-j", "ACCEPT")

    def revoke(self, addr, port):
        self.run("-D", CHAIN, "-s", f"{addr}/32", "-p", "tcp", "--dport", str(port),
                 "-m", "comment", "--comment", "pg-replica", "-j", "ACCEPT")


def load_replicas(path):
    with open(path, encoding="utf-8") as fh:
        data = json.load(fh)
    result = set()
    for entry in data.get("replicas", []):
        try:
            result.add(str(ipaddress.IPv4Address(entry["address"])))
        except (KeyError, ValueError) as exc:
            logger.warning("ignoring bad inventory entry %r: %s", entry, exc)
    return result


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--inventory", default="replicas.json")
    ap.add_argument("--port", type=int, default=5432)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    binary = shutil.which("iptables")
    if not binary:
        logger.error("iptables not found")
        return 1
    fw = Firewall(binary, args.dry_run)
    try:
        wanted = load_replicas(args.inventory)
        fw.ensure_chain(args.port)
        present = fw.current_sources()
        for addr in sorted(wanted - present):
            logger.info("allow replica %s", addr)
            fw.allow(addr, args.port)
        for addr in sorted(present - wanted):
            logger.info("revoke stale replica %s", addr)
            fw.revoke(addr, args.port)
    except (OSError, subprocess.CalledProcessError) as exc:
        logger.error("sync failed: %s", getattr(exc, "stderr", exc))
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
