#!/usr/bin/env python3
"""Keep the lottery terminal gateway allow-list current on the shop router PC.

The shop's Linux box sits between the lottery terminal VLAN and the
broadband router. The operator rotates gateway addresses a few times a year
and publishes the hostnames; this resolves them, renders an nftables table
(`inet lotto_gw`) that lets the terminal VLAN reach only those addresses on
the operator's ports, and loads it. Only our own table is replaced.

Config (gateways.ini):
    [gateways]
    hosts = gw1.lottery-net.example, gw2.lottery-net.example
    ports = 443, 7443
    [lan]
    terminal_if = eth1
    terminal_net = 192.168.50.0/24
"""
import argparse
import configparser
import ipaddress
import logging
import socket
import subprocess
import sys
import time
from pathlib import Path

LOG = logging.getLogger("gw_allowlist")

TABLE = "lotto_gw"
RULES_FILE = Path("nft") / f"{TABLE}.nft"


def resolve(hosts, attempts=3):
    addrs = set()
    for host in hosts:
        for n in range(attempts):
            try:
                for fam, *_, sockaddr in socket.getaddrinfo(host, None, socket.AF_INET):
                    addrs.add(sockaddr[0])
                break
            except socket.gaierror as exc:
                LOG.warning("resolve %s failed (%s), try %d/%d", host, exc, n + 1, attempts)
                time.sleep(2 ** n)
    return sorted(addrs, key=ipaddress.ip_address)


def render(addrs, ports, lan_if, lan_net):
    elems = ", ".join(addrs)
    port_list = ", ".join(str(p) for p in ports)
    return f"""table inet {TABLE} {{
    set gateways {{
        type ipv4_addr
        elements = {{ {elems} }}
    }}

    chain forward {{
        type filter hook forward priority -5; policy accept;
        iifname "{lan_if}" ip saddr {lan_net} ip daddr @gateways tcp dport {{ {port_list} }} ct state new accept
        iifname "{lan_if}" ip saddr {lan_net} udp dport 53 accept
        iifname "{lan_if}" ip saddr {lan_net} ct state established,related accept
        iifname "{lan_if}" ip saddr {lan_net} counter drop
    }}
}}
"""


def apply(path: Path, check_only: bool):
    base = ["sudo", "-n", "nft"]
    exists = subprocess.run(base + ["list", "table", "inet", TABLE],
                            capture_output=True).returncode == 0
    if check_only:
        cmd = base + ["-c", "-f", str(path)]
    else:
        if exists:
            subprocess.run(base + ["delete", "table", "inet", TABLE], check=True)
        cmd = base + ["-f", str(path)]
    res = subprocess.run(cmd, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip() or "nft failed")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gateways.ini")
    ap.add_argument("--check", action="store_true", help="validate only, do not load")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("cannot read %s", args.config)
        return 2
    hosts = [h.strip() for h in cfg["gateways"]["hosts"].split(",") if h.strip()]
    ports = [int(p) for p in cfg["gateways"].get("ports", "443").split(",")]
    lan_if = cfg["lan"].get("terminal_if", "eth1")
    lan_net = str(ipaddress.ip_network(cfg["lan"]["terminal_net"]))

    addrs = resolve(hosts)
    if not addrs:
        LOG.error("no gateway addresses resolved; leaving current rules alone")
        return 1
    LOG.info("gateways: %s", ", ".join(addrs))

    RULES_FILE.parent.mkdir(exist_ok=True)
    text = render(addrs, ports, lan_if, lan_net)
    if RULES_FILE.exists() and RULES_FILE.read_text() == text and not args.check:
        LOG.info("allow-list unchanged")
        return 0
    RULES_FILE.write_text(text)
    try:
        apply(RULES_FILE, args.check)
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        LOG.error("nft: %s", exc)
        return 1
    LOG.info("%s table %s", "validated" if args.check else "loaded", TABLE)
    return 0


if __name__ == "__main__":
    sys.exit(main())
