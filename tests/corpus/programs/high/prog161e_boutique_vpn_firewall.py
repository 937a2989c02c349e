#!/usr/bin/env python3
"""Allow the second boutique's card terminals through the site-to-site link.

Adds the narrow firewall rules the payment provider asked for so terminals
at the Harbour Street shop can reach the till server over the VPN, and
removes them again with --remove.
"""
import argparse
import logging
import shutil
import subprocess
import sys

LOG = logging.getLogger("vpnfw")

SITE = {
    "vpn_iface": "wg0",
    "terminal_net": "198.51.100.64/27",
    "till_host": "198.51.100.10",
    "ports": [443, 8583],
    "chain": "IVORY-TERMINALS",
}


def run(cmd, check=True):
    LOG.debug("exec: %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def ipt(*args, check=True):
    return run(["sudo", "iptables", "-w", *args], check=check)


def chain_exists(name):
    return ipt("-n", "-L", name, check=False).returncode == 0


def rule_present(chain, spec):
    return ipt("-C", chain, *spec, check=False).returncode == 0


def rules_for(site):
    specs = []
    for port in site["ports"]:
        specs.append(["-i", site["vpn_iface"], "-s", site["terminal_net"],
                      "-d", site["till_host"], "-p", "tcp", "--dport", str(port),
                      "-m", "conntrack", "--ctstate", "NEW,ESTABLISHED", "-j", "ACCEPT"])
    return specs


def jump_spec(site):
    return ["-i", site["vpn_iface"], "-j", site["chain"]]


def install(site):
    chain = site["chain"]
    if not chain_exists(chain):
        ipt("-N", chain)
        LOG.info("created chain %s", chain)
    for spec in rules_for(site):
        if not rule_present(chain, spec):
            ipt("-A", chain, *spec)
            LOG.info("allowed %s -> %s:%s", site["terminal_net"], site["till_host"], spec[9])
    if not rule_present("FORWARD", jump_spec(site)):
        ipt("-I", "FORWARD", "1", *jump_spec(site))
    run(["sudo", "sysctl", "-w", "net.ipv4.ip_forward=1"])


def remove(site):
    chain = site["chain"]
    if rule_present("FORWARD", jump_spec(site)):
        ipt("-D", "FORWARD", *jump_spec(site))
    if chain_exists(chain):
        ipt("-F", chain)
        ipt("-X", chain)
        LOG.info("removed chain %s", chain)


def persist():
    if shutil.which("netfilter-persistent"):
        run(["sudo", "netfilter-persistent", "save"])
        LOG.info("rules saved for next boot")
    else:
        LOG.warning("netfilter-persistent not installed; rules last until reboot")


def main():
    parser = argparse.ArgumentParser(description="Terminal access over the boutique VPN")
    parser.add_argument("--remove", action="store_true")
    parser.add_argument("--save", action="store_true", help="save rules with netfilter-persistent")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    if not shutil.which("iptables"):
        LOG.error("iptables not found")
        return 1
    try:
        remove(SITE) if args.remove else install(SITE)
        if args.save:
            persist()
    except subprocess.CalledProcessError as exc:
        LOG.error("command failed: %s\n%s", exc.cmd, exc.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
