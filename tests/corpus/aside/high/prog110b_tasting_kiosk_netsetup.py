#!/usr/bin/env python3
"""Network setup for the tasting-room booking kiosk.

The tablets in the tasting room talk to the booking service running on the
back-office PC (port 8443) and to the card terminal bridge (port 9101).
This script reads the kiosk subnet and ports from kiosk.json and makes sure
the back-office firewall lets exactly those through, then optionally saves
the rules so they survive a reboot.

kiosk.json example:
    {"subnet": "192.168.20.0/24", "ports": [8443, 9101], "iface": "eth1"}
"""

import argparse
import ipaddress
import json
import logging
import shutil
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("kiosk-net")

CHAIN = "INPUT"
COMMENT = "tasting-kiosk"
RULES_FILE = "/etc/iptables/rules.v4"


def elevate_prefix():
    """Desktop installs have polkit; the shop's BSD router box uses doas."""
    for tool in ("pkexec", "doas"):
        path = shutil.which(tool)
        if path:
            return [path]
    raise RuntimeError("neither pkexec nor doas available")


def load_config(path):
    cfg = json.loads(Path(path).read_text())
    cfg["subnet"] = str(ipaddress.ip_network(cfg["subnet"], strict=False))
    cfg["ports"] = [int(p) for p in cfg.get("ports", [8443])]
    return cfg


def build_rules(cfg):
    rules = []
    for port in cfg["ports"]:
        spec = ["-p", "tcp", "-s", cfg["subnet"], "--dport", str(port)]
        if cfg.get("iface"):
            spec = ["-i", cfg["iface"]] + spec
        spec += ["-m", "comment", "--comment", COMMENT, "-j", "ACCEPT"]
        rules.append(spec)
    return rules


class Firewall:
    def __init__(self, prefix, dry_run=False):
        self.prefix = prefix
        self.dry_run = dry_run

    def _iptables(self, *args, check=True):
        cmd = self.prefix + ["iptables", "-w"] + list(args)
        if self.dry_run:
            LOG.info("[dry-run] %s", " ".join(cmd))
            return subprocess.CompletedProcess(cmd, 1)
        return subprocess.run(cmd, check=check, capture_output=True, text=True)

    def exists(self, spec):
        return self._iptables("-C", CHAIN, *spec, check=False).returncode == 0

    def ensure(self, spec):
        if self.exists(spec):
            LOG.info("rule present: %s", " ".join(spec))
            return False
        self._iptables("-I", CHAIN, "1", *spec)
        LOG.info("rule added: %s", " ".join(spec))
        return True

    def save(self):
        cmd = self.prefix + ["sh", "-c", f"iptables-save > {RULES_FILE}"]
        if self.dry_run:
            LOG.info("[dry-run] %s", " ".join(cmd))
            return
        subprocess.run(cmd, check=True)
        LOG.info("rules saved to %s", RULES_FILE)


def main():
    parser = argparse.ArgumentParser(description="Open the back-office firewall for kiosks")
    parser.add_argument("--config", default="kiosk.json")
    parser.add_argument("--persist", action="store_true", help="save rules for reboot")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        cfg = load_config(args.config)
    except (OSError, ValueError, KeyError) as exc:
        LOG.error("bad config %s: %s", args.config, exc)
        return 1

    try:
        fw = Firewall(elevate_prefix(), dry_run=args.dry_run)
        changed = sum(fw.ensure(spec) for spec in build_rules(cfg))
        if changed and args.persist:
            fw.save()
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 2
    except subprocess.CalledProcessError as exc:
        LOG.error("iptables failed: %s", (exc.stderr or "").strip())
        return 3
    LOG.info("%d rule(s) changed for kiosk subnet %s", changed, cfg["subnet"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
