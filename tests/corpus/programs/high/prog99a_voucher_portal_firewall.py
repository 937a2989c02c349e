#!/usr/bin/env python3
"""Guest Wi-Fi captive portal gate.

Keeps the packet filter on the guest gateway in step with the vouchers that
are currently redeemed: every client MAC with a live voucher is allowed out,
everybody else on the guest VLAN is sent to the portal page.  Rules live in
their own chain (GUEST_PORTAL) and are replaced in one shot with
iptables-restore, so a reload never leaves the chain half-built.

Runs every minute from the gateway's scheduler as root.
"""

import argparse
import json
import logging
import re
import shutil
import subprocess
import sys
from pathlib import Path
from urllib.request import Request, urlopen

log = logging.getLogger("portal-gate")

MAC_RE = re.compile(r"^([0-9a-f]{2}:){5}[0-9a-f]{2}$")


class GateConfig:
    guest_if = "br-guest"
    wan_if = "eth0"
    portal_ip = "10.99.0.1"
    portal_port = 8880
    chain = "GUEST_PORTAL"
    controller = "https://wifi-ctrl.hotel.lan:8443/api/s/default/stat/guest"
    forward_sysctl = Path("/proc/sys/net/ipv4/ip_forward")

    @classmethod
    def from_file(cls, path):
        cfg = cls()
        p = Path(path)
        if p.exists():
            for key, value in json.loads(p.read_text()).items():
                if hasattr(cfg, key):
                    setattr(cfg, key, type(getattr(cls, key))(value))
        return cfg


def active_clients(cfg, api_key):
    req = Request(cfg.controller, headers={"X-API-KEY": api_key})
    with urlopen(req, timeout=15) as resp:
        data = json.load(resp).get("data", [])
    macs = set()
    for guest in data:
        mac = str(guest.get("mac", "")).lower()
        if not guest.get("expired") and MAC_RE.match(mac):
            macs.add(mac)
    return sorted(macs)


def build_ruleset(cfg, macs):
    c = cfg.chain
    lines = ["*nat", f":{c}_NAT - [0:0]"]
    for mac in macs:
        lines.append(f"-A {c}_NAT -m mac --mac-source {mac} -j RETURN")
    lines.append(f"-A {c}_NAT -p tcp --dport 80 -j DNAT "
                 f"--to-destination {cfg.portal_ip}:{cfg.portal_port}")
    lines += ["COMMIT", "*filter", f":{c} - [0:0]"]
    lines.append(f"-A {c} -p udp --dport 53 -j ACCEPT")
    lines.append(f"-A {c} -d {cfg.portal_ip} -j ACCEPT")
    for mac in macs:
        lines.append(f"-A {c} -m mac --mac-source {mac} -o {cfg.wan_if} -j ACCEPT")
    lines.append(f"-A {c} -j REJECT --reject-with icmp-admin-prohibited")
    lines.append("COMMIT")
    return "\n".join(lines) + "\n"


def ensure_jumps(cfg, tool):
    jumps = [
        ["-t", "nat", "PREROUTING", "-i", cfg.guest_if, "-j", f"{cfg.chain}_NAT"],
        ["-t", "filter", "FORWARD", "-i", cfg.guest_if, "-j", cfg.chain],
    ]
    for spec in jumps:
        table, rest = spec[:2], spec[2:]
        check = subprocess.run([tool, *table, "-C", *rest], capture_output=True)
        if check.returncode != 0:
            subprocess.run([tool, *table, "-I", *rest], check=True)
            log.info("inserted jump %s", " ".join(rest))


def apply(cfg, ruleset, dry_run):
    if dry_run:
        sys.stdout.write(ruleset)
        return
    tool = shutil.which("iptables") or "/usr/sbin/iptables"
    restore = shutil.which("iptables-restore") or "/usr/sbin/iptables-restore"
    subprocess.run([restore, "--noflush"], input=ruleset.encode(), check=True)
    ensure_jumps(cfg, tool)
    if cfg.forward_sysctl.read_text().strip() != "1":
        cfg.forward_sysctl.write_text("1\n")
        log.info("enabled IPv4 forwarding")


def parse_args():
    ap = argparse.ArgumentParser(description="Sync captive portal rules with live vouchers")
    ap.add_argument("-c", "--config", default="portal_gate.json")
    ap.add_argument("--api-key-file", default="controller.key")
    ap.add_argument("-n", "--dry-run", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    cfg = GateConfig.from_file(args.config)
    try:
        api_key = Path(args.api_key_file).read_text().strip()
    except OSError as exc:
        log.error("cannot read controller key: %s", exc)
        return 2
    try:
        macs = active_clients(cfg, api_key)
    except OSError as exc:
        log.error("controller unreachable, leaving rules unchanged: %s", exc)
        return 1
    log.info("%d client(s) with live vouchers", len(macs))
    try:
        apply(cfg, build_ruleset(cfg, macs), args.dry_run)
    except (subprocess.CalledProcessError, OSError) as exc:
        log.error("rule update failed: %s", exc)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
