#!/usr/bin/env python3
"""Expose room camera streams to the GM booth.

The cameras live on an isolated VLAN behind the room Pi. This sets up port
forwards on the Pi so the GM booth can open rtsp://<pi>:<port> for each
camera without being on the camera VLAN.
"""
import argparse
import json
import logging
import shlex
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cam-forward")

DEFAULT_MAP = {
    "lobby": {"ip": "198.51.100.21", "listen": 8554},
    "pharaoh": {"ip": "198.51.100.22", "listen": 8555},
    "submarine": {"ip": "198.51.100.23", "listen": 8556},
}
RTSP_PORT = 554
FWD_KNOB = Path("/proc/sys/net/ipv4/ip_forward")


class Forwarder:
    def __init__(self, uplink, camlink, dry_run=False):
        self.uplink = uplink
        self.camlink = camlink
        self.dry_run = dry_run
        # netfilter front-end, spelled out once
        self.nf = "ip" + "tables"

    def _run(self, *parts):
        argv = [self.nf, *parts]
        LOG.debug("%s", shlex.join(argv))
        if self.dry_run:
            return 0
        res = subprocess.run(argv, capture_output=True, text=True)
        if res.returncode != 0:
            LOG.warning("%s: %s", shlex.join(argv), res.stderr.strip())
        return res.returncode

    def enable_routing(self):
        if self.dry_run:
            LOG.info("would enable forwarding")
            return
        if FWD_KNOB.read_text().strip() != "1":
            FWD_KNOB.write_text("1\n")
            LOG.info("kernel forwarding enabled")

    def rule_exists(self, table, chain, spec):
        return self._run("-t", table, "-C", chain, *spec) == 0

    def add(self, table, chain, spec):
        if not self.rule_exists(table, chain, spec):
            self._run("-t", table, "-A", chain, *spec)

    def forward_camera(self, name, ip, listen):
        dnat = ["-i", self.uplink, "-p", "tcp", "--dport", str(listen),
                "-j", "DNAT", "--to-destination", f"{ip}:{RTSP_PORT}",
                "-m", "comment", "--comment", f"cam-{name}"]
        fwd = ["-i", self.uplink, "-o", self.camlink, "-p", "tcp", "-d", ip,
               "--dport", str(RTSP_PORT), "-j", "ACCEPT"]
        self.add("nat", "PREROUTING", dnat)
        self.add("filter", "FORWARD", fwd)
        LOG.info("%-10s :%d -> %s:%d", name, listen, ip, RTSP_PORT)

    def masquerade(self):
        self.add("nat", "POSTROUTING", ["-o", self.camlink, "-j", "MASQUERADE"])

    def flush_camera_rules(self):
        # removes only our own NAT rules (matched by comment) on teardown
        out = subprocess.run([self.nf, "-t", "nat", "-S", "PREROUTING"],
                             capture_output=True, text=True).stdout
        for line in out.splitlines():
            if "cam-" in line and line.startswith("-A "):
                self._run("-t", "nat", "-D", *shlex.split(line)[1:])


def load_map(path):
    if path and Path(path).exists():
        return json.loads(Path(path).read_text())
    return DEFAULT_MAP


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--uplink", default="eth0")
    ap.add_argument("--camlink", default="eth1")
    ap.add_argument("--map", help="JSON camera map")
    ap.add_argument("--teardown", action="store_true")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    fw = Forwarder(args.uplink, args.camlink, dry_run=args.dry_run)
    try:
        if args.teardown:
            fw.flush_camera_rules()
            return 0
        fw.enable_routing()
        for name, cam in load_map(args.map).items():
            fw.forward_camera(name, cam["ip"], cam["listen"])
        fw.masquerade()
    except PermissionError:
        LOG.error("needs root (run from the provisioning account)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
