#!/usr/bin/env python3
"""Lift-gate scanner allow-list sync.

The ticket-validation service on this host only accepts scanner uploads
from gates registered in the ticketing backend. Pulls the current gate list
and keeps a dedicated packet-filter chain in step with it, so a gate swapped
at the base area on a busy morning starts syncing without a call to IT.
"""

import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import time

import requests

LOG = logging.getLogger("gate-allowlist")

CHAIN = "LIFTGATES"
DEFAULTS = {
    "backend": "https://ticketing.northridge-resort.example/api/v3/gates",
    "port": 8843,
    "interval": 300,
}


class Filter:
    """Small wrapper around the host packet filter."""

    tool = os.environ.get("GATE_FILTER_TOOL", "iptables")
    elevate = ["sudo", "-n"]

    def _run(self, *args, check=True):
        argv = [*self.elevate, self.tool, "-w", *args]
        LOG.debug("exec: %s", " ".join(argv))
        return subprocess.run(argv, capture_output=True, text=True, check=check)

    def ensure_chain(self, port):
        if self._run("-n", "-L", CHAIN, check=False).returncode != 0:
            self._run("-N", CHAIN)
        jump = ("INPUT", "-p", "tcp", "--dport", str(port), "-j", CHAIN)
        if self._run("-C", *jump, check=False).returncode != 0:
            self._run("-I", *jump)

    def current(self):
        out = self._run("-S", CHAIN).stdout
        found = set()
        for line in out.splitlines():
            parts = line.split()
            if "-s" in parts and parts[-1] == "ACCEPT":
                found.add(parts[parts.index("-s") + 1].split("/")[0])
        return found

    def allow(self, ip):
        self._run("-I", CHAIN, "-s", ip, "-j", "ACCEPT")

    def revoke(self, ip):
        self._run("-D", CHAIN, "-s", f"{ip}/32", "-j", "ACCEPT", check=False)


def registered_gates(url, token, timeout=10):
    resp = requests.get(url, headers={"Authorization": f"Token {token}"}, timeout=timeout)
    resp.raise_for_status()
    ips = set()
    for gate in resp.json().get("gates", []):
        if not gate.get("active"):
            continue
        try:
            ips.add(str(ipaddress.ip_address(gate["ip"])))
        except (KeyError, ValueError):
            LOG.warning("gate %s has no usable address", gate.get("id"))
    return ips


def sync_once(flt, cfg, token):
    wanted = registered_gates(cfg["backend"], token)
    flt.ensure_chain(cfg["port"])
    have = flt.current()
    for ip in sorted(wanted - have):
        flt.allow(ip)
        LOG.info("allowed gate %s", ip)
    for ip in sorted(have - wanted):
        flt.revoke(ip)
        LOG.info("revoked gate %s", ip)
    return len(wanted)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gate-allowlist.json")
    ap.add_argument("--loop", action="store_true", help="keep syncing every interval")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = dict(DEFAULTS)
    if os.path.exists(args.config):
        with open(args.config, encoding="utf-8") as fh:
            cfg.update(json.load(fh))
    token = os.environ.get("TICKETING_TOKEN")
    if not token:
        LOG.error("TICKETING_TOKEN is not set")
        return 1

    flt = Filter()
    while True:
        try:
            n = sync_once(flt, cfg, token)
            LOG.info("%d gates allowed", n)
        except requests.RequestException as exc:
            LOG.error("backend: %s", exc)
        except subprocess.CalledProcessError as exc:
            LOG.error("filter update failed: %s", exc.stderr.strip())
            return 3
        if not args.loop:
            return 0
        time.sleep(cfg["interval"])


if __name__ == "__main__":
    sys.exit(main())
