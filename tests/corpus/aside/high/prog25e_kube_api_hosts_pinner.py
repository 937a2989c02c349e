#!/usr/bin/env python3
"""kube-hosts - pin private Kubernetes API endpoints in /etc/hosts.

Private EKS/GKE/AKS API servers only resolve through the corporate VPN DNS.
This tool reads the cluster server URLs from ~/.kube/config, resolves each
hostname once (while on VPN) or takes the address from a pin file, and
maintains a managed block in /etc/hosts so kubectl keeps working when the
VPN's split DNS is flaky.
"""

import argparse
import difflib
import ipaddress
import json
import logging
import os
import socket
import subprocess
import sys
from pathlib import Path
from typing import Dict, List
from urllib.parse import urlsplit

import yaml

LOG = logging.getLogger("kube-hosts")

HOSTS_FILE = Path("/etc/hosts")
KUBECONFIG = Path(os.environ.get("KUBECONFIG", str(Path.home() / ".kube" / "config")))
BEGIN = "# >>> kube-hosts managed block >>>"
END = "# <<< kube-hosts managed block <<<"


def cluster_hosts(kubeconfig: Path) -> List[str]:
    with kubeconfig.open(encoding="utf-8") as fh:
        cfg = yaml.safe_load(fh) or {}
    hosts = []
    for entry in cfg.get("clusters") or []:
        server = (entry.get("cluster") or {}).get("server", "")
        host = urlsplit(server).hostname
        if host and not _is_ip(host) and host not in hosts:
            hosts.append(host)
    return hosts


def _is_ip(value: str) -> bool:
    try:
        ipaddress.ip_address(value)
        return True
    except ValueError:
        return False


def resolve(hosts: List[str], pins: Dict[str, str]) -> Dict[str, str]:
    result = {}
    for host in hosts:
        if host in pins:
            result[host] = pins[host]
            continue
        try:
            result[host] = socket.gethostbyname(host)
        except socket.gaierror:
            LOG.warning("cannot resolve %s (not on VPN?)", host)
    return result


def render_block(mapping: Dict[str, str]) -> List[str]:
    lines = [BEGIN]
    for host, addr in sorted(mapping.items()):
        lines.append(f"{addr}\t{host}")
    lines.append(END)
    return lines


def merge(current: str, block: List[str]) -> str:
    lines = current.splitlines()
    if BEGIN in lines and END in lines:
        start, stop = lines.index(BEGIN), lines.index(END)
        lines = lines[:start] + block + lines[stop + 1:]
    else:
        if lines and lines[-1].strip():
            lines.append("")
        lines.extend(block)
    return "\n".join(lines) + "\n"


def write_hosts(content: str) -> None:
    """Replace /etc/hosts through sudo tee; keeps a backup alongside."""
    subprocess.run(["sudo", "cp", "-p", str(HOSTS_FILE), f"{HOSTS_FILE}.kube-hosts.bak"], check=True)
    subprocess.run(["sudo", "tee", str(HOSTS_FILE)], input=content, text=True,
                   stdout=subprocess.DEVNULL, check=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--kubeconfig", type=Path, default=KUBECONFIG)
    ap.add_argument("--pins", type=Path, help="JSON file of hostname -> address overrides")
    ap.add_argument("--dry-run", action="store_true", help="show the diff only")
    ap.add_argument("--remove", action="store_true", help="delete the managed block")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="kube-hosts: %(message)s")

    pins: Dict[str, str] = {}
    if args.pins:
        pins = json.loads(args.pins.read_text(encoding="utf-8"))
        for addr in pins.values():
            ipaddress.ip_address(addr)

    if args.remove:
        block: List[str] = []
    else:
        try:
            hosts = cluster_hosts(args.kubeconfig)
        except (OSError, yaml.YAMLError) as exc:
            LOG.error("cannot read kubeconfig: %s", exc)
            return 1
        mapping = resolve(hosts, pins)
        if not mapping:
            LOG.error("no private API endpoints could be resolved")
            return 1
        block = render_block(mapping)

    current = HOSTS_FILE.read_text(encoding="utf-8")
    if block:
        updated = merge(current, block)
    elif BEGIN in current and END in current:
        lines = current.splitlines()
        updated = "\n".join(lines[:lines.index(BEGIN)] + lines[lines.index(END) + 1:]) + "\n"
    else:
        updated = current

    diff = list(difflib.unified_diff(current.splitlines(), updated.splitlines(),
                                     "hosts (current)", "hosts (new)", lineterm=""))
    if not diff:
        LOG.info("/etc/hosts already up to date")
        return 0
    print("\n".join(diff))
    if args.dry_run:
        return 0
    try:
        write_hosts(updated)
    except subprocess.CalledProcessError as exc:
        LOG.error("failed to update /etc/hosts: %s", exc)
        return 2
    LOG.info("updated /etc/hosts")
    return 0


if __name__ == "__main__":
    sys.exit(main())
