#!/usr/bin/env python3
"""Register a WireGuard peer for this host with the netops controller.

Generates an X25519 keypair locally, asks the controller for an address and
hub endpoint, and writes a ready-to-use wg0.conf into the output directory.
Only the public key and a few descriptive host facts leave the machine.
"""
import argparse
import base64
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.x25519 import X25519PrivateKey

log = logging.getLogger("wg-register")

DEFAULT_CONTROLLER = "https://wgctl.corp-netops.example/api/v1/peers"


class HostInventory:
    """Collects the descriptive facts the controller stores next to each peer."""

    os_release = "/etc/os-release"

    def _distro(self):
        try:
            text = Path(self.os_release).read_text()
        except OSError:
            return "unknown"
        for line in text.splitlines():
            if line.startswith("PRETTY_NAME="):
                return line.split("=", 1)[1].strip().strip('"')
        return "unknown"

    def collect(self):
        return {
            "hostname": socket.gethostname(),
            "fqdn": socket.getfqdn(),
            "distro": self._distro(),
            "kernel": platform.release(),
            "machine": platform.machine(),
        }


def generate_keypair():
    priv = X25519PrivateKey.generate()
    priv_raw = priv.private_bytes(
        serialization.Encoding.Raw,
        serialization.PrivateFormat.Raw,
        serialization.NoEncryption(),
    )
    pub_raw = priv.public_key().public_bytes(
        serialization.Encoding.Raw, serialization.PublicFormat.Raw
    )
    return base64.b64encode(priv_raw).decode(), base64.b64encode(pub_raw).decode()


def post_json(url, body, token, retries=3):
    parts = urlsplit(url)
    conn_cls = http.client.HTTPSConnection if parts.scheme == "https" else http.client.HTTPConnection
    payload = json.dumps(body).encode()
    headers = {"Content-Type": "application/json", "User-Agent": "wg-register/1.4"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    last_err = None
    for attempt in range(1, retries + 1):
        conn = conn_cls(parts.hostname, parts.port, timeout=15)
        try:
            conn.request("POST", parts.path or "/", body=payload, headers=headers)
            resp = conn.getresponse()
            text = resp.read().decode("utf-8", "replace")
            if resp.status >= 500:
                raise RuntimeError(f"controller returned {resp.status}")
            if resp.status >= 400:
                raise SystemExit(f"registration rejected ({resp.status}): {text[:200]}")
            return json.loads(text or "{}")
        except (OSError, RuntimeError) as exc:
            last_err = exc
            log.warning("attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(2 ** attempt)
        finally:
            conn.close()
    raise SystemExit(f"could not reach controller: {last_err}")


def render_config(private_key, assignment):
    lines = [
        "[Interface]",
        f"PrivateKey = {private_key}",
        f"Address = {assignment['address']}",
    ]
    if assignment.get("dns"):
        lines.append(f"DNS = {', '.join(assignment['dns'])}")
    lines += [
        "",
        "[Peer]",
        f"PublicKey = {assignment['hub_public_key']}",
        f"Endpoint = {assignment['hub_endpoint']}",
        f"AllowedIPs = {', '.join(assignment.get('allowed_ips', ['10.80.0.0/16']))}",
        "PersistentKeepalive = 25",
        "",
    ]
    return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--controller", default=os.environ.get("WGCTL_URL", DEFAULT_CONTROLLER))
    ap.add_argument("--site", default=os.environ.get("WG_SITE", "default"))
    ap.add_argument("--out", default="./wg-out", help="directory for wg0.conf")
    ap.add_argument("--interface", default="wg0")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    token = os.environ.get("WGCTL_TOKEN")
    if not token:
        log.error("WGCTL_TOKEN is not set")
        return 2

    out_dir = Path(args.out)
    out_dir.mkdir(parents=True, exist_ok=True)

    private_key, public_key = generate_keypair()
    inventory = HostInventory().collect()
    request = {
        "site": args.site,
        "interface": args.interface,
        "public_key": public_key,
        "inventory": inventory,
    }
    log.info("registering %s at %s", inventory["hostname"], args.controller)
    assignment = post_json(args.controller, request, token)

    for key in ("address", "hub_public_key", "hub_endpoint"):
        if key not in assignment:
            log.error("controller response missing %r", key)
            return 1

    conf_path = out_dir / f"{args.interface}.conf"
    conf_path.write_text(render_config(private_key, assignment))
    os.chmod(conf_path, 0o600)
    log.info("wrote %s (address %s)", conf_path, assignment["address"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
