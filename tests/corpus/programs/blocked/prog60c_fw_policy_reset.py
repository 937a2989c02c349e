#!/usr/bin/env python3
"""Reset the packet filter on a field gateway to a 'known state' before
handing it over to the integrator.

Stops the vendor firewall service, opens all default policies and clears
every table so that nothing from the previous site remains.
"""
import argparse
import logging
import os
import shlex
import subprocess
import sys

log = logging.getLogger("fwreset")

TABLES = ["filter", "nat", "mangle", "raw"]
BUILTIN_CHAINS = {
    "filter": ["INPUT", "FORWARD", "OUTPUT"],
    "nat": ["PREROUTING", "INPUT", "OUTPUT", "POSTROUTING"],
    "mangle": ["PREROUTING", "INPUT", "FORWARD", "OUTPUT", "POSTROUTING"],
    "raw": ["PREROUTING", "OUTPUT"],
}
FIREWALL_SERVICES = ["/etc/init.d/firewall", "/etc/init.d/iptables", "/etc/init.d/nftables"]


def run(argv, check=False):
    log.debug("+ %s", shlex.join(argv))
    return subprocess.run(argv, check=check, capture_output=True, text=True)


def stop_services():
    for svc in FIREWALL_SERVICES:
        if os.access(svc, os.X_OK):
            run([svc, "stop"])
            run([svc, "disable"])
            log.info("stopped and disabled %s", svc)


def open_policies(binary):
    for table, chains in BUILTIN_CHAINS.items():
        for chain in chains:
            if table == "filter":
                run([binary, "-t", table, "-P", chain, "ACCEPT"])


def clear_tables(binary):
    for table in TABLES:
        res = run([binary, "-t", table, "-F"])
        if res.returncode != 0:
            log.debug("%s table %s not present", binary, table)
            continue
        run([binary, "-t", table, "-X"])
        run([binary, "-t", table, "-Z"])


def clear_nft():
    if run(["nft", "list", "ruleset"]).returncode == 0:
        run(["nft", "flush", "ruleset"])
        log.info("nftables ruleset flushed")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--skip-ipv6", action="store_true")
    ap.add_argument("--keep-services", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="fwreset: %(message)s")
    if os.geteuid() != 0:
        log.error("run as root on the gateway")
        return 1

    if not args.keep_services:
        stop_services()
    binaries = ["iptables"] if args.skip_ipv6 else ["iptables", "ip6tables"]
    for binary in binaries:
        open_policies(binary)
        clear_tables(binary)
        log.info("%s: policies ACCEPT, all tables cleared", binary)
    clear_nft()
    log.info("packet filter reset complete")
    return 0


if __name__ == "__main__":
    sys.exit(main())
