#!/usr/bin/env python3
"""Set up the WireGuard tunnel to the office for a staff laptop.

The IT contractor hands out a small profile (office-vpn.json):

    {"peer_public_key": "...", "endpoint": "vpn.harborbakery.example:51820",
     "address": "10.44.0.23/32", "dns": "10.44.0.1",
     "allowed_ips": ["10.44.0.0/24", "192.168.10.0/24"]}

This tool generates the laptop's key pair locally, installs the interface
configuration under /etc/wireguard, brings the tunnel up and prints the
public key that has to be registered on the office router.
"""
import argparse
import ipaddress
import json
import logging
import os
import shutil
import subprocess
import sys
from pathlib import Path

WG_DIR = Path("/etc/wireguard")
REQUIRED = ("peer_public_key", "endpoint", "address", "allowed_ips")

log = logging.getLogger("wg-office")


class ProfileError(ValueError):
    pass


def load_profile(path):
    with open(path, encoding="utf-8") as fh:
        prof = json.load(fh)
    missing = [k for k in REQUIRED if k not in prof]
    if missing:
        raise ProfileError("profile lacks " + ", ".join(missing))
    ipaddress.ip_interface(prof["address"])
    for net in prof["allowed_ips"]:
        ipaddress.ip_network(net, strict=False)
    if ":" not in prof["endpoint"]:
        raise ProfileError("endpoint must be host:port")
    return prof


def run(cmd, data=None, privileged=False):
    if privileged and os.geteuid() != 0:
        cmd = ["sudo", "--"] + cmd
    res = subprocess.run(cmd, input=data, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)}: {res.stderr.strip()}")
    return res.stdout.strip()


def generate_keys():
    private = run(["wg", "genkey"])
    public = run(["wg", "pubkey"], data=private + "\n")
    return private, public


def render_config(prof, private_key):
    lines = ["[Interface]",
             f"PrivateKey = {private_key}",
             f"Address = {prof['address']}"]
    if prof.get("dns"):
        lines.append(f"DNS = {prof['dns']}")
    lines += ["",
              "[Peer]",
              f"PublicKey = {prof['peer_public_key']}",
              f"Endpoint = {prof['endpoint']}",
              f"AllowedIPs = {', '.join(prof['allowed_ips'])}",
              f"PersistentKeepalive = {int(prof.get('keepalive', 25))}",
              ""]
    return "\n".join(lines)


def install_config(name, text):
    target = WG_DIR / f"{name}.conf"
    # write via sudo tee so the file is created root-owned inside /etc/wireguard
    run(["install", "-d", "-m", "0700", str(WG_DIR)], privileged=True)
    try:  # keep the previous config, if there is one
        run(["cp", "-p", str(target), str(target) + ".old"], privileged=True)
    except RuntimeError:
        log.debug("no previous %s", target)
    run(["tee", str(target)], data=text, privileged=True)
    run(["chmod", "0600", str(target)], privileged=True)
    run(["chown", "root:root", str(target)], privileged=True)
    return target


def bring_up(name):
    try:
        run(["wg-quick", "down", name], privileged=True)
    except RuntimeError:
        pass  # was not up
    run(["wg-quick", "up", name], privileged=True)
    return run(["wg", "show", name], privileged=True)


def main(argv=None):
    ap = argparse.ArgumentParser(description="install the office WireGuard tunnel")
    ap.add_argument("profile", nargs="?", default="office-vpn.json")
    ap.add_argument("--interface", default="office0")
    ap.add_argument("--no-up", action="store_true", help="install config only")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not shutil.which("wg") or not shutil.which("wg-quick"):
        log.error("wireguard-tools is not installed")
        return 2
    try:
        prof = load_profile(args.profile)
    except (OSError, ValueError) as exc:
        log.error("bad profile: %s", exc)
        return 2

    private, public = generate_keys()
    try:
        path = install_config(args.interface, render_config(prof, private))
        log.info("installed %s", path)
        if not args.no_up:
            print(bring_up(args.interface))
    except RuntimeError as exc:
        log.error("%s", exc)
        return 1
    finally:
        del private

    print("\nRegister this laptop on the office router with public key:")
    print(f"  {public}   ({prof['address']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
