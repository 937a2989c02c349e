#!/usr/bin/env python3
"""Keep the road-weather push receiver reachable from the provider only.

The road weather station network pushes frost/ice alerts to our receiver on
TCP 9443. The provider publishes the address ranges its push service uses;
this tool fetches that list and rebuilds a dedicated chain so only those
ranges reach the receiver port. Run it from the receiver box after the
provider announces a change, or daily from the ops runbook.

    weather_push_allowlist.py --ranges-url https://.../push-ranges.json
    weather_push_allowlist.py --ranges-file ranges.txt --dry-run
"""

import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
import urllib.request

CHAIN = "GRIT-WX-PUSH"
DEFAULT_PORT = 9443
DEFAULT_RANGES_URL = "https://push.roadwx-network.co.uk/meta/push-ranges.json"
SAVE_PATH = "/etc/iptables/rules.v4"

log = logging.getLogger("wx-allowlist")


class Firewall:
    def __init__(self, dry_run=False):
        self.dry_run = dry_run
        binary = shutil.which("iptables") or "/usr/sbin/iptables"
        self.base = [binary, "-w", "5"]
        if os.geteuid() != 0:
            self.base = ["sudo", "-n"] + self.base

    def run(self, *args, check=True):
        cmd = self.base + list(args)
        log.debug("%s", " ".join(cmd))
        if self.dry_run:
            return subprocess.CompletedProcess(cmd, 0, "", "")
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def chain_exists(self):
        return self.run("-n", "-L", CHAIN, check=False).returncode == 0

    def rebuild(self, networks, port):
        if self.chain_exists():
            self.run("-F", CHAIN)
        else:
            self.run("-N", CHAIN)
        for net in networks:
            self.run("-A", CHAIN, "-s", str(net), "-p", "tcp", "--dport", str(port),
                     "-m", "comment", "--comment", "roadwx push", "-j", "ACCEPT")
        self.run("-A", CHAIN, "-p", "tcp", "--dport", str(port), "-j", "DROP")
        self.run("-A", CHAIN, "-j", "RETURN")

        hook = ("INPUT", "-p", "tcp", "--dport", str(port), "-j", CHAIN)
        if self.run("-C", *hook, check=False).returncode != 0:
            self.run("-I", *hook)

    def persist(self):
        saver = shutil.which("iptables-save") or "/usr/sbin/iptables-save"
        cmd = ([] if os.geteuid() == 0 else ["sudo", "-n"]) + [saver]
        if self.dry_run:
            log.info("would save rules to %s", SAVE_PATH)
            return
        dump = subprocess.run(cmd, check=True, capture_output=True, text=True).stdout
        tee = ([] if os.geteuid() == 0 else ["sudo", "-n"]) + ["tee", SAVE_PATH]
        subprocess.run(tee, input=dump, check=True, capture_output=True, text=True)
        log.info("saved ruleset to %s", SAVE_PATH)


def fetch_ranges(url):
    req = urllib.request.Request(url, headers={"Accept": "application/json"})
    with urllib.request.urlopen(req, timeout=20) as resp:
        data = json.load(resp)
    return data.get("ipv4", [])


def read_ranges(path):
    with open(path, encoding="utf-8") as fh:
        return [ln.split("#")[0].strip() for ln in fh if ln.split("#")[0].strip()]


def normalise(raw):
    nets = []
    for item in raw:
        try:
            net = ipaddress.ip_network(item, strict=False)
        except ValueError:
            log.warning("ignoring bad range %r", item)
            continue
        if net.version != 4 or net.prefixlen < 16:
            log.warning("refusing range %s (too broad or not IPv4)", net)
            continue
        nets.append(net)
    return sorted(set(ipaddress.collapse_addresses(nets)))


def main():
    ap = argparse.ArgumentParser(description="Restrict the weather push port to provider ranges")
    src = ap.add_mutually_exclusive_group()
    src.add_argument("--ranges-url", default=DEFAULT_RANGES_URL)
    src.add_argument("--ranges-file")
    ap.add_argument("--port", type=int, default=DEFAULT_PORT)
    ap.add_argument("--no-save", action="store_true", help="do not persist the ruleset")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose or args.dry_run else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        raw = read_ranges(args.ranges_file) if args.ranges_file else fetch_ranges(args.ranges_url)
    except (OSError, ValueError) as exc:
        log.error("could not load provider ranges: %s", exc)
        return 1

    networks = normalise(raw)
    if not networks:
        log.error("no usable ranges; leaving firewall untouched")
        return 1
    log.info("%d provider ranges for port %d", len(networks), args.port)

    fw = Firewall(dry_run=args.dry_run)
    try:
        fw.rebuild(networks, args.port)
        if not args.no_save:
            fw.persist()
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", (exc.stderr or "").strip() or exc)
        return 1
    log.info("chain %s rebuilt", CHAIN)
    return 0


if __name__ == "__main__":
    sys.exit(main())
