#!/usr/bin/env python3
"""Instrument subnet access for the LIMS gateway.

Instruments on the lab VLANs push run completion events to the LIMS
gateway on this host. This keeps the host's packet filter in line with the
instrument inventory: one ACCEPT rule per instrument subnet and service port,
kept in a dedicated chain so re-runs replace rather than append.
"""
import argparse
import csv
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("subnet-access")

CHAIN = "LIMS-INSTRUMENTS"
DEFAULT_PORTS = (8443, 5671)


def read_inventory(path):
    subnets = {}
    with open(path, newline="") as fh:
        for row in csv.DictReader(fh):
            if row.get("active", "yes").lower() not in ("yes", "y", "1", "true"):
                continue
            try:
                net = ipaddress.ip_network(row["subnet"].strip(), strict=False)
            except (KeyError, ValueError) as exc:
                log.warning("skipping %s: %s", row.get("instrument", "?"), exc)
                continue
            ports = [int(p) for p in row.get("ports", "").split(";") if p.strip()] or list(DEFAULT_PORTS)
            subnets.setdefault(net, set()).update(ports)
    return subnets


def build_ruleset(subnets):
    lines = ["*filter", f":{CHAIN} - [0:0]", f"-F {CHAIN}"]
    for net in sorted(subnets, key=lambda n: (n.version, n.network_address)):
        if net.version != 4:
            continue
        for port in sorted(subnets[net]):
            lines.append(f"-A {CHAIN} -s {net} -p tcp -m tcp --dport {port} "
                         f"-m comment --comment lims-instruments -j ACCEPT")
    lines.append(f"-A {CHAIN} -j RETURN")
    lines.append("COMMIT")
    return "\n".join(lines) + "\n"


def _priv(cmd):
    return cmd if shutil.which("sudo") is None else ["sudo", "-n", *cmd]


def chain_hooked():
    res = subprocess.run(_priv(["iptables", "-C", "INPUT", "-j", CHAIN]),
                         capture_output=True, text=True)
    return res.returncode == 0


def apply_ruleset(ruleset):
    res = subprocess.run(_priv(["iptables-restore", "--noflush"]), input=ruleset,
                         capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "iptables-restore failed")
    if not chain_hooked():
        res = subprocess.run(_priv(["iptables", "-I", "INPUT", "1", "-j", CHAIN]),
                             capture_output=True, text=True)
        if res.returncode != 0:
            raise RuntimeError(res.stderr.strip())
        log.info("hooked %s into INPUT", CHAIN)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("inventory", help="CSV with instrument,subnet,ports,active")
    ap.add_argument("--print", dest="print_only", action="store_true",
                    help="print the ruleset instead of loading it")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        subnets = read_inventory(args.inventory)
    except OSError as exc:
        log.error("%s", exc)
        return 1
    ruleset = build_ruleset(subnets)
    if args.print_only:
        sys.stdout.write(ruleset)
        return 0
    try:
        apply_ruleset(ruleset)
    except (OSError, RuntimeError) as exc:
        log.error("could not load rules: %s", exc)
        return 1
    log.info("allowed %d subnets", len(subnets))
    return 0


if __name__ == "__main__":
    sys.exit(main())
