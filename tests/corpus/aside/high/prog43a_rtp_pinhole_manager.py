#!/usr/bin/env python3
"""Open (or close) firewall pinholes for SIP signalling and the RTP media
range of a FreeSWITCH/Asterisk box, restricted to the carrier's SBC
addresses listed in trunks.ini."""

import argparse
import configparser
import ipaddress
import logging
import shutil
import subprocess
import sys

log = logging.getLogger("rtp-pinhole")

CHAIN = "VOIP-TRUNKS"
RULES = [
    # (proto, port spec, comment)
    ("udp", "5060", "sip-udp"),
    ("tcp", "5061", "sip-tls"),
    ("udp", "{rtp_start}:{rtp_end}", "rtp-media"),
]


class Netfilter:
    def __init__(self, binary: str, dry_run: bool):
        self.binary = binary
        self.dry_run = dry_run

    def run(self, *args: str, check: bool = True) -> int:
        cmd = [self.binary, "-w", "5", *args]
        if self.dry_run:
            print("would run:", " ".join(cmd))
            return 0
        log.debug("exec %s", cmd)
        return subprocess.run(cmd, check=check, capture_output=True).returncode

    def exists(self, *rule: str) -> bool:
        if self.dry_run:
            return False
        return self.run("-C", *rule, check=False) == 0

    def ensure_chain(self) -> None:
        if self.run("-n", "-L", CHAIN, check=False) != 0:
            self.run("-N", CHAIN)
        if not self.exists("INPUT", "-j", CHAIN):
            self.run("-I", "INPUT", "1", "-j", CHAIN)


def peers_from(config_path: str) -> list:
    cfg = configparser.ConfigParser()
    if not cfg.read(config_path):
        raise FileNotFoundError(config_path)
    peers = []
    for section in cfg.sections():
        for raw in cfg[section].get("sbc", "").split(","):
            raw = raw.strip()
            if raw:
                peers.append((section, ipaddress.ip_network(raw, strict=False)))
    return peers


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=("open", "close"))
    ap.add_argument("--config", default="trunks.ini")
    ap.add_argument("--rtp-start", type=int, default=16384)
    ap.add_argument("--rtp-end", type=int, default=32768)
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    binary = shutil.which("iptables") or "/usr/sbin/iptables"
    nf = Netfilter(binary, args.dry_run)
    try:
        peers = peers_from(args.config)
    except (FileNotFoundError, ValueError) as exc:
        log.error("bad trunk config: %s", exc)
        return 1

    if args.action == "open":
        nf.ensure_chain()
    for trunk, net in peers:
        for proto, ports, comment in RULES:
            ports = ports.format(rtp_start=args.rtp_start, rtp_end=args.rtp_end)
            rule = [CHAIN, "-s", str(net), "-p", proto, "--dport", ports,
                    "-m", "comment", "--comment", f"{trunk}-{comment}", "-j", "ACCEPT"]
            present = nf.exists(*rule)
            if args.action == "open" and not present:
                nf.run("-A", *rule)
                log.info("opened %s %s for %s (%s)", proto, ports, net, trunk)
            elif args.action == "close" and present:
                nf.run("-D", *rule)
                log.info("closed %s %s for %s (%s)", proto, ports, net, trunk)
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except subprocess.CalledProcessError as err:
        log.error("iptables failed: %s", err.stderr.decode(errors="replace").strip())
        sys.exit(3)
