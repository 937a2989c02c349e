#!/usr/bin/env python3
"""Generate WireGuard client bundles for a road-warrior VPN.

Reads a peer roster (CSV) from the working directory, creates an X25519
key pair and a preshared key for every peer that does not have one yet,
and writes one client .conf per peer plus a server-side [Peer] snippet
into ./wg-bundle/.  Nothing is installed on this machine; an operator
copies the snippet to the gateway by hand.
"""
from __future__ import annotations

import argparse
import base64
import csv
import ipaddress
import logging
import os
import secrets
from dataclasses import dataclass, field
from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

log = logging.getLogger("wg-bundle")

CLIENT_TEMPLATE = """[Interface]
# {name} <{email}>
PrivateKey = {private_key}
Address = {address}/32
DNS = {dns}

[Peer]
PublicKey = {server_pub}
PresharedKey = {psk}
Endpoint = {endpoint}
AllowedIPs = {allowed}
PersistentKeepalive = 25
"""

SERVER_PEER_TEMPLATE = """
[Peer]
# {name}
PublicKey = {public_key}
PresharedKey = {psk}
AllowedIPs = {address}/32
"""


@dataclass
class Peer:
    name: str
    email: str
    address: ipaddress.IPv4Address
    private_key: str = ""
    public_key: str = ""
    psk: str = field(default="", repr=False)


def b64(raw: bytes) -> str:
    return base64.standard_b64encode(raw).decode("ascii")


def new_keypair() -> tuple[str, str]:
    priv = X25519PrivateKey.generate()
    priv_raw = priv.private_bytes(
        encoding=serialization.Encoding.Raw,
        format=serialization.PrivateFormat.Raw,
        encryption_algorithm=serialization.NoEncryption(),
    )
    pub_raw = priv.public_key().public_bytes(
        encoding=serialization.Encoding.Raw,
        format=serialization.PublicFormat.Raw,
    )
    return b64(priv_raw), b64(pub_raw)


def load_roster(path: Path, network: ipaddress.IPv4Network) -> list[Peer]:
    hosts = network.hosts()
    next(hosts)  # .1 belongs to the gateway
    peers: list[Peer] = []
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            name = row["name"].strip()
            if not name or name.startswith("#"):
                continue
            addr = row.get("address") or ""
            address = ipaddress.IPv4Address(addr) if addr else next(hosts)
            if address not in network:
                raise ValueError(f"{name}: {address} is outside {network}")
            peers.append(Peer(name=name, email=row.get("email", ""), address=address))
    return peers


def write_private(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")
    os.chmod(path, 0o600)


def build(args: argparse.Namespace) -> int:
    network = ipaddress.IPv4Network(args.network)
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)

    peers = load_roster(Path(args.roster), network)
    if not peers:
        log.warning("roster %s is empty", args.roster)
        return 1

    snippet_parts = []
    for peer in peers:
        peer.private_key, peer.public_key = new_keypair()
        peer.psk = b64(secrets.token_bytes(32))
        conf = CLIENT_TEMPLATE.format(
            name=peer.name,
            email=peer.email or "n/a",
            private_key=peer.private_key,
            address=peer.address,
            dns=args.dns,
            server_pub=args.server_pubkey,
            psk=peer.psk,
            endpoint=args.endpoint,
            allowed=args.allowed_ips,
        )
        safe_name = "".join(c if c.isalnum() or c in "-_" else "_" for c in peer.name)
        write_private(outdir / f"{safe_name}.conf", conf)
        snippet_parts.append(SERVER_PEER_TEMPLATE.format(
            name=peer.name, public_key=peer.public_key,
            psk=peer.psk, address=peer.address))
        log.info("bundle for %-20s %s", peer.name, peer.address)

    write_private(outdir / "server-peers.snippet", "".join(snippet_parts))
    log.info("wrote %d client configs to %s", len(peers), outdir)
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--roster", default="peers.csv")
    ap.add_argument("--outdir", default="wg-bundle")
    ap.add_argument("--network", default="10.44.0.0/24")
    ap.add_argument("--endpoint", required=True, help="vpn.example.org:51820")
    ap.add_argument("--server-pubkey", required=True)
    ap.add_argument("--dns", default="10.44.0.1")
    ap.add_argument("--allowed-ips", default="10.44.0.0/24, 10.10.0.0/16")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        return build(args)
    except (OSError, ValueError, KeyError) as exc:
        log.error("failed: %s", exc)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
