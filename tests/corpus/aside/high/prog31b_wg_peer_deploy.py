#!/usr/bin/env python3
"""Add a peer to the live WireGuard server and reload it.

Validates the peer's public key and address, appends a [Peer] block to
/etc/wireguard/<iface>.conf and applies it with `wg syncconf` (or brings the
interface up with wg-quick if it is down).
"""
import argparse
import base64
import binascii
import ipaddress
import logging
import os
import re
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("wgpeer")
WG_DIR = Path("/etc/wireguard")

PEER_BLOCK = """
[Peer]
# {name}
PublicKey = {public_key}
AllowedIPs = {address}/32
"""


def valid_key(key: str) -> str:
    try:
        if len(base64.b64decode(key, validate=True)) == 32:
            return key
    except (binascii.Error, ValueError):
        pass
    raise argparse.ArgumentTypeError("not a WireGuard public key")


def used_addresses(conf_text: str) -> set:
    return {ipaddress.ip_address(m) for m in
            re.findall(r"AllowedIPs\s*=\s*([\d.]+)/32", conf_text)}


def run(cmd: list, check: bool = True) -> subprocess.CompletedProcess:
    log.debug("+ %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def iface_up(iface: str) -> bool:
    return run(["ip", "link", "show", "dev", iface], check=False).returncode == 0


def write_conf(conf: Path, text: str) -> None:
    """Write via sudo tee so the script itself can run unprivileged."""
    proc = subprocess.run(["sudo", "tee", str(conf)], input=text, text=True,
                          stdout=subprocess.PIPE, check=True)
    del proc
    subprocess.run(["sudo", "chmod", "600", str(conf)], check=True)
    subprocess.run(["sudo", "chown", "root:root", str(conf)], check=True)


def apply(iface: str, conf: Path) -> None:
    if iface_up(iface):
        stripped = run(["sudo", "wg-quick", "strip", iface]).stdout
        subprocess.run(["sudo", "wg", "syncconf", iface, "/dev/stdin"],
                       input=stripped, text=True, check=True)
        log.info("synced %s", iface)
    else:
        run(["sudo", "wg-quick", "up", str(conf)])
        log.info("brought up %s", iface)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("name")
    ap.add_argument("public_key", type=valid_key)
    ap.add_argument("--address", help="peer tunnel IP (auto if omitted)")
    ap.add_argument("--iface", default="wg0")
    ap.add_argument("--network", default="10.44.0.0/24")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    conf = WG_DIR / f"{args.iface}.conf"
    try:
        current = run(["sudo", "cat", str(conf)]).stdout
    except subprocess.CalledProcessError:
        log.error("cannot read %s", conf)
        return 1

    if args.public_key in current:
        log.warning("peer key already present; nothing to do")
        return 0

    net = ipaddress.ip_network(args.network)
    taken = used_addresses(current) | {next(net.hosts())}
    if args.address:
        addr = ipaddress.ip_address(args.address)
        if addr in taken or addr not in net:
            log.error("address %s unavailable", addr)
            return 1
    else:
        addr = next((h for h in net.hosts() if h not in taken), None)
        if addr is None:
            log.error("network %s is full", net)
            return 1

    block = PEER_BLOCK.format(name=args.name, public_key=args.public_key,
                              address=addr)
    if args.dry_run:
        print(block)
        return 0
    write_conf(conf, current.rstrip("\n") + "\n" + block)
    apply(args.iface, conf)
    print(f"peer {args.name} -> {addr} (server {os.uname().nodename})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
