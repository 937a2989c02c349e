#!/usr/bin/env python3
"""Open the secure file drop's SFTP port to registered client networks only.

Law firms and courts upload audio and exhibits to the agency drop host over
SFTP on a dedicated port. This tool keeps a DROPZONE chain in the host
firewall in step with clients.json: one ACCEPT per registered client CIDR,
then a DROP for everyone else on that port.

clients.json:
    {"port": 2222, "clients": {"Harlow & Pike LLP": ["203.0.113.0/28"], ...}}
"""
import argparse
import ipaddress
import json
import logging
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("drop-fw")

CHAIN = "DROPZONE"
SAVE_PATH = "/etc/iptables/rules.v4"


class Firewall:
    def __init__(self, dry_run=False, binary="iptables"):
        self.dry_run = dry_run
        self.binary = binary

    def _run(self, *args, check=True):
        cmd = ["sudo", self.binary, "-w", *args]
        if self.dry_run:
            print(" ".join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"{' '.join(args)}: {proc.stderr.strip()}")
        return proc.returncode

    def exists(self, *rule):
        return self._run("-C", *rule, check=False) == 0

    def ensure_chain(self):
        if self._run("-n", "-L", CHAIN, check=False) != 0:
            self._run("-N", CHAIN)
            log.info("created chain %s", CHAIN)
        else:
            self._run("-F", CHAIN)

    def hook_port(self, port):
        rule = ("INPUT", "-p", "tcp", "--dport", str(port), "-j", CHAIN)
        if not self.exists(*rule):
            self._run("-I", *rule)
            log.info("INPUT tcp/%s now goes through %s", port, CHAIN)

    def allow(self, cidr, comment):
        self._run("-A", CHAIN, "-s", cidr, "-m", "conntrack", "--ctstate", "NEW,ESTABLISHED",
                  "-m", "comment", "--comment", comment[:250], "-j", "ACCEPT")

    def seal(self):
        self._run("-A", CHAIN, "-j", "DROP")

    def persist(self):
        if self.dry_run:
            print(f"sudo iptables-save | sudo tee {SAVE_PATH}")
            return
        dump = subprocess.run(["sudo", "iptables-save"], capture_output=True, text=True, check=True).stdout
        subprocess.run(["sudo", "tee", SAVE_PATH], input=dump, text=True,
                       stdout=subprocess.DEVNULL, check=True)
        log.info("saved ruleset to %s", SAVE_PATH)


def load_clients(path):
    data = json.loads(Path(path).read_text())
    port = int(data.get("port", 2222))
    networks = []
    for client, cidrs in sorted(data.get("clients", {}).items()):
        for cidr in cidrs:
            try:
                net = ipaddress.ip_network(cidr, strict=False)
            except ValueError:
                log.warning("ignoring bad network %r for %s", cidr, client)
                continue
            if net.version != 4:
                log.warning("skipping IPv6 network %s for %s (handled by ip6tables job)", net, client)
                continue
            if net.prefixlen < 16:
                log.warning("refusing overly broad network %s for %s", net, client)
                continue
            networks.append((client, str(net)))
    return port, networks


def main():
    ap = argparse.ArgumentParser(description="Sync the SFTP drop firewall with clients.json")
    ap.add_argument("config", nargs="?", default="clients.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--persist", action="store_true", help=f"write the ruleset to {SAVE_PATH}")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        port, networks = load_clients(args.config)
    except (OSError, ValueError) as exc:
        sys.exit(f"cannot read {args.config}: {exc}")
    if not networks:
        sys.exit("no client networks configured; refusing to close the port to everyone")

    fw = Firewall(dry_run=args.dry_run)
    try:
        fw.ensure_chain()
        for client, cidr in networks:
            fw.allow(cidr, client)
        fw.seal()
        fw.hook_port(port)
        if args.persist:
            fw.persist()
    except (RuntimeError, subprocess.CalledProcessError) as exc:
        log.error("firewall update failed: %s", exc)
        sys.exit(1)
    log.info("tcp/%d open to %d client network(s)", port, len(networks))


if __name__ == "__main__":
    main()
