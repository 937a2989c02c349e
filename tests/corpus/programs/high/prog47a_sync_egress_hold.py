#!/usr/bin/env python3
"""Stop cloud-sync clients from propagating deletions during a legal hold.

For a custodian workstation placed on hold, resolves the sync providers'
endpoints and inserts outbound REJECT rules in a dedicated iptables chain
so local deletions cannot reach the cloud copy before it is collected.
Run with --lift to remove the chain when collection is complete.
"""
import argparse
import ipaddress
import logging
import shutil
import socket
import subprocess
import sys

log = logging.getLogger("egress-hold")
CHAIN = "LEGAL_HOLD_SYNC"
PROVIDERS = {
    "dropbox": ["client.dropbox.com", "api.dropboxapi.com", "content.dropboxapi.com"],
    "box": ["upload.box.com", "api.box.com"],
    "gdrive": ["www.googleapis.com", "drive.google.com"],
}


def ipt(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    cmd = [shutil.which("iptables") or "/usr/sbin/iptables", "-w", *args]
    log.debug("exec %s", " ".join(cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


def resolve(hosts) -> set:
    addrs = set()
    for host in hosts:
        try:
            for info in socket.getaddrinfo(host, 443, socket.AF_INET, socket.SOCK_STREAM):
                addrs.add(info[4][0])
        except socket.gaierror as exc:
            log.warning("cannot resolve %s: %s", host, exc)
    return {a for a in addrs if not ipaddress.ip_address(a).is_private}


def chain_exists() -> bool:
    return ipt("-n", "-L", CHAIN, check=False).returncode == 0


def apply_hold(providers) -> int:
    if not chain_exists():
        ipt("-N", CHAIN)
        ipt("-I", "OUTPUT", "1", "-j", CHAIN)
    ipt("-F", CHAIN)
    count = 0
    for name in providers:
        for addr in sorted(resolve(PROVIDERS[name])):
            ipt("-A", CHAIN, "-d", addr, "-p", "tcp", "--dport", "443",
                "-m", "comment", "--comment", f"hold:{name}", "-j", "REJECT")
            count += 1
    return count


def lift_hold() -> None:
    if not chain_exists():
        log.info("no hold chain present")
        return
    ipt("-D", "OUTPUT", "-j", CHAIN, check=False)
    ipt("-F", CHAIN)
    ipt("-X", CHAIN)
    log.info("hold chain removed")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--providers", default="dropbox,box,gdrive")
    ap.add_argument("--lift", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    chosen = [p.strip() for p in args.providers.split(",") if p.strip() in PROVIDERS]
    try:
        if args.lift:
            lift_hold()
        else:
            n = apply_hold(chosen)
            log.info("%d egress rules active for %s", n, ", ".join(chosen))
    except subprocess.CalledProcessError as exc:
        log.error("iptables failed: %s", exc.stderr.strip())
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
