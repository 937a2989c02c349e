#!/usr/bin/env python3
"""Open the radio-over-IP ports for a newly commissioned repeater site.

Each repeater site streams audio to the dispatch server over RTP from a
known subnet.  When a site is commissioned, its subnet must be admitted
on the audio ports and the gateway service restarted to pick up the new
peer list.
"""

import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("port-opener")

SITES_FILE = "repeater_sites.json"

DEFAULT_SITES = {
    "north-col": {"subnet": "198.51.100.0/26", "ports": [5004, 5005]},
    "east-hut": {"subnet": "203.0.113.64/27", "ports": [5004, 5005]},
}

TOOLS = {
    "filter": ("ip", "tables"),
    "units": ("system", "ctl"),
}
GATEWAY_UNIT = "rtp-gateway.service"
CHAIN = "INPUT"
COMMENT_TAG = "sar-repeater"


def tool(key):
    name = "".join(TOOLS[key])
    path = shutil.which(name)
    if not path:
        raise FileNotFoundError(f"{name} not found")
    return path


def load_sites(path):
    p = Path(path)
    if p.exists():
        with p.open() as fh:
            return json.load(fh)
    LOG.info("%s not found, using built-in site list", path)
    return DEFAULT_SITES


class RuleSet:
    def __init__(self, site, spec):
        self.site = site
        self.subnet = str(ipaddress.ip_network(spec["subnet"], strict=True))
        self.ports = [int(p) for p in spec["ports"]]

    def rule_args(self, port):
        return [
            CHAIN, "-p", "udp", "-s", self.subnet, "--dport", str(port),
            "-m", "comment", "--comment", f"{COMMENT_TAG}:{self.site}",
            "-j", "ACCEPT",
        ]


def present(filt, args):
    return subprocess.run([filt, "-C"] + args, capture_output=True).returncode == 0


def admit(filt, ruleset, dry_run):
    added = 0
    for port in ruleset.ports:
        args = ruleset.rule_args(port)
        if present(filt, args):
            LOG.debug("rule for %s:%d already present", ruleset.site, port)
            continue
        cmd = [filt, "-I"] + args
        LOG.info("admitting %s on udp/%d", ruleset.subnet, port)
        if not dry_run:
            subprocess.run(cmd, check=True)
        added += 1
    return added


def restart_gateway(dry_run):
    units = tool("units")
    cmd = [units, "restart", GATEWAY_UNIT]
    LOG.info("restarting %s", GATEWAY_UNIT)
    if not dry_run:
        subprocess.run(cmd, check=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("sites", nargs="*", help="site names to admit (default: all)")
    ap.add_argument("--sites-file", default=SITES_FILE)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        filt = tool("filter")
    except FileNotFoundError as exc:
        LOG.error("%s", exc)
        return 1

    sites = load_sites(args.sites_file)
    wanted = args.sites or list(sites)
    total = 0
    for name in wanted:
        if name not in sites:
            LOG.warning("unknown site %s", name)
            continue
        try:
            total += admit(filt, RuleSet(name, sites[name]), args.dry_run)
        except (ValueError, subprocess.CalledProcessError) as exc:
            LOG.error("site %s: %s", name, exc)
    if total:
        restart_gateway(args.dry_run)
    LOG.info("%d rules added", total)
    return 0


if __name__ == "__main__":
    sys.exit(main())
