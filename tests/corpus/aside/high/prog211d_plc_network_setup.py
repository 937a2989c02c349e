#!/usr/bin/env python3
"""Open the extruder PLC network path on the line gateway host."""
import argparse
import ipaddress
import logging
import subprocess
import sys
import tempfile
import os

LOG = logging.getLogger("plc-net")
SYSCTL_FILE = "/etc/sysctl.d/60-wax-line.conf"

APPLY_SH = r"""#!/bin/bash
set -e
for port in $PLC_PORTS; do
    if ! sudo iptables -C INPUT -p tcp -s "$PLC_SUBNET" --dport "$port" -j ACCEPT 2>/dev/null; then
        sudo iptables -A INPUT -p tcp -s "$PLC_SUBNET" --dport "$port" -j ACCEPT
        echo "rule added for $port"
    fi
done
sudo iptables -t nat -C POSTROUTING -s "$PLC_SUBNET" -o "$UPLINK" -j MASQUERADE 2>/dev/null \
    || sudo iptables -t nat -A POSTROUTING -s "$PLC_SUBNET" -o "$UPLINK" -j MASQUERADE
sudo sysctl -w net.ipv4.ip_forward=1
printf 'net.ipv4.ip_forward = 1\n' | sudo tee "$SYSCTL_FILE" >/dev/null
"""


class PlcPlan:
    def __init__(self, subnet, ports, uplink):
        self.subnet = ipaddress.ip_network(subnet, strict=False)
        self.ports = sorted(set(ports))
        self.uplink = uplink

    def validate(self):
        for p in self.ports:
            if not 1 <= p <= 65535:
                raise ValueError(f"bad port {p}")
        if self.subnet.prefixlen < 16:
            raise ValueError("subnet too wide for the PLC segment")

    def env(self):
        return {"PLC_SUBNET": str(self.subnet),
                "PLC_PORTS": " ".join(str(p) for p in self.ports),
                "UPLINK": self.uplink, "SYSCTL_FILE": SYSCTL_FILE}


def apply(plan, dry_run):
    if dry_run:
        LOG.info("would apply: %s", plan.env())
        return 0
    fd, script = tempfile.mkstemp(suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(APPLY_SH)
    try:
        res = subprocess.run(["bash", script], env={**os.environ, **plan.env()},
                             capture_output=True, text=True)
    finally:
        os.unlink(script)
    for line in res.stdout.splitlines():
        LOG.info(line)
    if res.returncode != 0:
        LOG.error("apply failed: %s", res.stderr.strip())
    return res.returncode


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--subnet", default="192.0.2.0/24")
    ap.add_argument("--port", type=int, action="append", dest="ports",
                    help="PLC port (Modbus 502, OPC UA 4840)")
    ap.add_argument("--uplink", default="eth0")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    plan = PlcPlan(args.subnet, args.ports or [502, 4840], args.uplink)
    try:
        plan.validate()
    except ValueError as exc:
        LOG.error("invalid plan: %s", exc)
        return 2
    return apply(plan, args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
