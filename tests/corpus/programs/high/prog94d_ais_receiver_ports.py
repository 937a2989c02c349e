#!/usr/bin/env python3
"""Allow the breakwater AIS receivers through the relay host's packet filter.

Receivers are listed in receivers.toml with their address and the UDP port
they transmit NMEA on.  Rules are added to a dedicated nftables chain so
they can be flushed and re-applied whenever the list changes.
"""
import argparse
import ipaddress
import logging
import shlex
import shutil
import subprocess
import sys

try:
    import tomllib
except ModuleNotFoundError:  # Python < 3.11
    import tomli as tomllib

log = logging.getLogger("ais_ports")

TABLE = "inet filter"
CHAIN = "ais_receivers"


def elevate():
    """Prefix for commands that need root when run from the ops desktop."""
    import os
    if os.geteuid() == 0:
        return []
    for tool in ("pkexec", "sudo"):
        path = shutil.which(tool)
        if path:
            return [path] if tool == "pkexec" else [path, "-n"]
    raise SystemExit("need root, and neither pkexec nor sudo is available")


def load_receivers(path):
    with open(path, "rb") as fh:
        doc = tomllib.load(fh)
    out = []
    for name, rx in doc.get("receiver", {}).items():
        try:
            net = ipaddress.ip_network(rx["source"], strict=False)
            port = int(rx.get("port", 10110))
        except (KeyError, ValueError) as exc:
            log.warning("receiver %s skipped: %s", name, exc)
            continue
        out.append((name, net, port))
    return out


def plan(receivers):
    fam = {4: "ip", 6: "ip6"}
    yield ["add", "chain", *TABLE.split(), CHAIN]
    yield ["flush", "chain", *TABLE.split(), CHAIN]
    for name, net, port in receivers:
        yield ["add", "rule", *TABLE.split(), CHAIN,
               fam[net.version], "saddr", str(net), "udp", "dport", str(port),
               "counter", "accept", "comment", f'"ais:{name}"']
    yield ["add", "rule", *TABLE.split(), "input", "jump", CHAIN]


def already_jumping():
    try:
        out = subprocess.run(["nft", "list", "chain", *TABLE.split(), "input"],
                             capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return False
    return f"jump {CHAIN}" in out


def apply(commands, prefix, dry_run):
    for cmd in commands:
        if cmd[:2] == ["add", "rule"] and cmd[-2:] == ["jump", CHAIN] and already_jumping():
            continue
        full = prefix + ["nft", *cmd]
        log.info("%s", shlex.join(full))
        if dry_run:
            continue
        res = subprocess.run(full, capture_output=True, text=True)
        if res.returncode != 0:
            log.error("nft failed: %s", res.stderr.strip())
            return False
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-f", "--file", default="receivers.toml")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    receivers = load_receivers(args.file)
    if not receivers:
        log.error("no receivers configured in %s", args.file)
        return 1
    prefix = [] if args.dry_run else elevate()
    ok = apply(list(plan(receivers)), prefix, args.dry_run)
    log.info("%s %d receiver rules", "applied" if ok else "failed applying", len(receivers))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
