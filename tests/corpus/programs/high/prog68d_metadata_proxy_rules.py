#!/usr/bin/env python3
"""Route pod traffic for the instance metadata service through the node proxy.

Run from the metadata-proxy DaemonSet's init container (hostNetwork). Builds
a nat table fragment that DNATs 169.254.169.254:80 coming from the pod
bridge to the local proxy, plus a filter rule that stops pods from reaching
the metadata endpoint on other ports, and loads it without touching rules
owned by kube-proxy or the CNI.
"""
import argparse
import ipaddress
import logging
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

LOG = logging.getLogger("imds-rules")

METADATA_IP = "169.254.169.254"
CHAIN = "IMDS-PROXY"


@dataclass
class RuleSet:
    interface: str
    proxy_ip: str
    proxy_port: int
    pod_cidr: str
    nat: list = field(default_factory=list)
    filt: list = field(default_factory=list)

    def build(self):
        self.nat = [
            f":{CHAIN} - [0:0]",
            f"-A PREROUTING -i {self.interface} -d {METADATA_IP}/32 -j {CHAIN}",
            f"-A {CHAIN} -s {self.pod_cidr} -p tcp --dport 80 "
            f"-j DNAT --to-destination {self.proxy_ip}:{self.proxy_port}",
        ]
        self.filt = [
            f":{CHAIN}-DROP - [0:0]",
            f"-A FORWARD -i {self.interface} -d {METADATA_IP}/32 -j {CHAIN}-DROP",
            f"-A {CHAIN}-DROP -p tcp ! --dport 80 -j REJECT --reject-with tcp-reset",
        ]
        return self

    def render(self):
        out = ["*nat", *self.nat, "COMMIT", "*filter", *self.filt, "COMMIT", ""]
        return "\n".join(out)


def iptables_bin(prefer_legacy):
    names = ["iptables-legacy-restore", "iptables-restore"] if prefer_legacy else \
            ["iptables-nft-restore", "iptables-restore"]
    for name in names:
        path = shutil.which(name)
        if path:
            return path
    raise SystemExit("no iptables-restore binary found")


def chain_present(table):
    res = subprocess.run(["iptables", "-w", "-t", table, "-S"], capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(res.stderr.strip())
    return any(line.startswith(f"-N {CHAIN}") for line in res.stdout.splitlines())


def load(rules_text, restore_bin, test_only):
    cmd = [restore_bin, "--noflush", "-w", "5"]
    if test_only:
        cmd.append("--test")
    LOG.debug("loading via %s", " ".join(cmd))
    res = subprocess.run(cmd, input=rules_text, capture_output=True, text=True)
    if res.returncode != 0:
        raise RuntimeError(f"{restore_bin} failed: {res.stderr.strip()}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--interface", default=os.environ.get("POD_BRIDGE", "cni0"))
    ap.add_argument("--proxy-ip", default=os.environ.get("HOST_IP", "127.0.0.1"))
    ap.add_argument("--proxy-port", type=int, default=int(os.environ.get("PROXY_PORT", "8181")))
    ap.add_argument("--pod-cidr", default=os.environ.get("POD_CIDR", "10.244.0.0/16"))
    ap.add_argument("--legacy", action="store_true", help="use iptables-legacy backend")
    ap.add_argument("--check", action="store_true", help="validate rules without loading")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        ipaddress.ip_network(args.pod_cidr)
        ipaddress.ip_address(args.proxy_ip)
    except ValueError as exc:
        LOG.error("bad address: %s", exc)
        return 2

    rules = RuleSet(args.interface, args.proxy_ip, args.proxy_port, args.pod_cidr).build()
    text = rules.render()
    LOG.debug("rules:\n%s", text)

    try:
        if not args.check and chain_present("nat"):
            LOG.info("chain %s already present, nothing to do", CHAIN)
            return 0
        load(text, iptables_bin(args.legacy), args.check)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1
    LOG.info("metadata traffic from %s on %s now goes to %s:%d",
             args.pod_cidr, args.interface, args.proxy_ip, args.proxy_port)
    return 0


if __name__ == "__main__":
    sys.exit(main())
