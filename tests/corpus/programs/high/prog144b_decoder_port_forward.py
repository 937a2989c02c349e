#!/usr/bin/env python3
"""Expose the timing decoders on the office LAN.

The loop decoders sit on a private 10.77.0.0/24 segment behind the timing
PC. The results board and the commentary laptop need to read their feeds,
so this sets up forwarding on the timing PC for each decoder listed in the
track config. Re-running it replaces the previous rules.
"""
import argparse
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("decoder-fwd")

CHAIN = "KART_DECODERS"
FORWARD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")

DEFAULT_CONFIG = {
    "lan_iface": "eth0",
    "decoder_iface": "eth1",
    "decoders": [
        {"name": "start-finish", "ip": "10.77.0.11", "port": 5403, "public_port": 15403},
        {"name": "sector-2", "ip": "10.77.0.12", "port": 5403, "public_port": 15404},
        {"name": "pit-exit", "ip": "10.77.0.13", "port": 5403, "public_port": 15405},
    ],
}


def table_tool():
    # prefer the nft-backed binary where both exist
    for cand in ("ip" + "tables-nft", "ip" + "tables"):
        path = shutil.which(cand)
        if path:
            return path
    raise RuntimeError("no packet filter tool found")


class Forwarder:
    def __init__(self, cfg, dry_run=False):
        self.cfg = cfg
        self.dry_run = dry_run
        self.tool = table_tool()

    def _run(self, *args, check=True):
        cmd = [self.tool, *args]
        log.debug("exec: %s", " ".join(cmd))
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def enable_forwarding(self):
        if self.dry_run:
            print(f"echo 1 > {FORWARD_KNOB}")
            return
        FORWARD_KNOB.write_text("1\n")
        log.info("IPv4 forwarding enabled")

    def reset_chain(self):
        # create our chain if missing, then flush it
        self._run("-t", "nat", "-N", CHAIN, check=False)
        self._run("-t", "nat", "-F", CHAIN)
        if self._run("-t", "nat", "-C", "PREROUTING", "-j", CHAIN, check=False) != 0:
            self._run("-t", "nat", "-A", "PREROUTING", "-j", CHAIN)

    def add_decoder(self, d):
        lan = self.cfg["lan_iface"]
        dest = f"{d['ip']}:{d['port']}"
        self._run("-t", "nat", "-A", CHAIN, "-i", lan, "-p", "tcp",
                  "--dport", str(d["public_port"]), "-j", "DNAT", "--to-destination", dest)
        self._run("-A", "FORWARD", "-i", lan, "-o", self.cfg["decoder_iface"], "-p", "tcp",
                  "-d", d["ip"], "--dport", str(d["port"]), "-j", "ACCEPT")
        log.info("%s: :%s -> %s", d["name"], d["public_port"], dest)

    def masquerade(self):
        self._run("-t", "nat", "-A", "POSTROUTING", "-o", self.cfg["decoder_iface"],
                  "-j", "MASQUERADE")


def load_config(path):
    if path is None:
        return DEFAULT_CONFIG
    with open(path, encoding="utf-8") as fh:
        cfg = json.load(fh)
    for key in ("lan_iface", "decoder_iface", "decoders"):
        if key not in cfg:
            raise ValueError(f"config missing {key}")
    return cfg


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", help="track config JSON (default: built-in)")
    ap.add_argument("--dry-run", action="store_true", help="print commands only")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")
    try:
        cfg = load_config(args.config)
        fwd = Forwarder(cfg, dry_run=args.dry_run)
        fwd.enable_forwarding()
        fwd.reset_chain()
        for d in cfg["decoders"]:
            fwd.add_decoder(d)
        fwd.masquerade()
    except (OSError, ValueError, RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("forwarding setup failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
