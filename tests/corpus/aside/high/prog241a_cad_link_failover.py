#!/usr/bin/env python3
"""CAD link failover helper for ambulance vehicle routers.

When the primary LTE link drops, the in-vehicle router switches to the
secondary SIM. The CAD VPN concentrator then sees traffic from a new
interface, and the local packet filter only allows the VPN on the primary
one. This helper inserts the matching allow rules for the active uplink and
removes them when the primary comes back.
"""
import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("cad_failover")

CONFIG = {
    "concentrators": ["198.51.100.20", "198.51.100.21"],
    "vpn_port": 1194,
    "proto": "udp",
    "uplinks": {"primary": "wwan0", "secondary": "wwan1"},
    "chain": "OUTPUT",
    "comment": "cad-failover",
    "state_file": "cad_failover_state.json",
}


class Filter:
    """Thin wrapper over the kernel packet filter command line."""

    def __init__(self, binary=None, dry_run=False):
        name = binary or "".join(("ip", "tables"))
        self.binary = shutil.which(name) or name
        self.dry_run = dry_run

    def _run(self, args, check=True):
        cmd = [self.binary, "-w", "5"] + args
        if self.dry_run:
            LOG.info("dry run: %s", " ".join(cmd))
            return 0
        proc = subprocess.run(cmd, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError("%s failed: %s" % (" ".join(cmd), proc.stderr.strip()))
        return proc.returncode

    def spec(self, iface, dest, port, proto, comment):
        return ["-o", iface, "-d", dest, "-p", proto, "--dport", str(port),
                "-m", "comment", "--comment", comment, "-j", "ACCEPT"]

    def exists(self, chain, rule):
        return self._run(["-C", chain] + rule, check=False) == 0

    def insert(self, chain, rule):
        if self.dry_run or not self.exists(chain, rule):
            self._run(["-I", chain, "1"] + rule)
            return True
        return False

    def delete(self, chain, rule):
        if self.dry_run or self.exists(chain, rule):
            self._run(["-D", chain] + rule)
            return True
        return False


def validate(cfg):
    for addr in cfg["concentrators"]:
        ipaddress.ip_address(addr)
    if not 0 < int(cfg["vpn_port"]) < 65536:
        raise ValueError("bad vpn port")


def uplink_is_up(iface):
    path = Path("/sys/class/net") / iface / "operstate"
    try:
        return path.read_text().strip() == "up"
    except OSError:
        return False


def rules_for(flt, cfg, iface):
    return [flt.spec(iface, addr, cfg["vpn_port"], cfg["proto"], cfg["comment"])
            for addr in cfg["concentrators"]]


def save_state(cfg, active):
    Path(cfg["state_file"]).write_text(json.dumps({"active": active}))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Open the CAD VPN on the active uplink")
    ap.add_argument("action", choices=["auto", "failover", "restore"])
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        validate(CONFIG)
    except ValueError as exc:
        LOG.error("config invalid: %s", exc)
        return 64

    flt = Filter(dry_run=args.dry_run)
    secondary = CONFIG["uplinks"]["secondary"]
    action = args.action
    if action == "auto":
        action = "restore" if uplink_is_up(CONFIG["uplinks"]["primary"]) else "failover"
        LOG.info("auto mode chose %s", action)

    changed = 0
    try:
        for rule in rules_for(flt, CONFIG, secondary):
            if action == "failover":
                changed += flt.insert(CONFIG["chain"], rule)
            else:
                changed += flt.delete(CONFIG["chain"], rule)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    save_state(CONFIG, "secondary" if action == "failover" else "primary")
    LOG.info("%s complete, %d rules changed", action, changed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
