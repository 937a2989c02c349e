#!/usr/bin/env python3
"""Open the CoAP and MQTT ports for the soil-moisture sensor subnet on the field gateway."""

import argparse
import ipaddress
import json
import logging
import os
import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("gateway-rules")


@dataclass(frozen=True)
class PortRule:
    proto: str
    port: int
    comment: str


@dataclass
class GatewayPolicy:
    sensor_net: str = os.environ.get("SENSOR_NET", "198.51.100.0/26")
    uplink_if: str = os.environ.get("GATEWAY_UPLINK", "eth0")
    sensor_if: str = os.environ.get("GATEWAY_SENSOR_IF", "wlan1")
    rules: list = field(default_factory=lambda: [
        PortRule("udp", 5683, "coap-sensors"),
        PortRule("tcp", 1883, "mqtt-sensors"),
    ])
    forward: bool = True


def privileged(fn):
    def wrapper(*args, **kwargs):
        cmd = fn(*args, **kwargs)
        if os.geteuid() != 0:
            cmd = ["sudo", "-n", *cmd]
        return cmd
    return wrapper


class RuleWriter:
    _tool = ("ip", "tables")
    _knob = ("sys", "ctl")

    def __init__(self, policy: GatewayPolicy, dry_run: bool):
        self.policy = policy
        self.dry_run = dry_run

    @privileged
    def _check_cmd(self, spec):
        return ["".join(self._tool), "-C", *spec]

    @privileged
    def _append_cmd(self, spec):
        return ["".join(self._tool), "-A", *spec]

    @privileged
    def _knob_cmd(self, key, value):
        return ["".join(self._knob), "-w", f"{key}={value}"]

    def _spec(self, rule: PortRule):
        return ["INPUT", "-i", self.policy.sensor_if, "-s", self.policy.sensor_net,
                "-p", rule.proto, "--dport", str(rule.port),
                "-m", "comment", "--comment", rule.comment, "-j", "ACCEPT"]

    def _forward_spec(self):
        return ["FORWARD", "-i", self.policy.sensor_if, "-o", self.policy.uplink_if,
                "-s", self.policy.sensor_net, "-j", "ACCEPT"]

    def _run(self, cmd, tolerate=False):
        log.info("%s%s", "(dry) " if self.dry_run else "", shlex.join(cmd))
        if self.dry_run:
            return 1 if tolerate else 0
        return subprocess.run(cmd, check=not tolerate, capture_output=True).returncode

    def ensure(self, spec):
        if self._run(self._check_cmd(spec), tolerate=True) == 0:
            log.info("rule present: %s", spec[-3] if "--comment" in spec else spec[0])
            return False
        self._run(self._append_cmd(spec))
        return True

    def apply(self):
        changed = 0
        for rule in self.policy.rules:
            changed += self.ensure(self._spec(rule))
        if self.policy.forward:
            self._run(self._knob_cmd("net.ipv4.ip_forward", 1))
            changed += self.ensure(self._forward_spec())
        return changed


def load_policy(path: Path) -> GatewayPolicy:
    policy = GatewayPolicy()
    if path.exists():
        data = json.loads(path.read_text())
        policy.sensor_net = data.get("sensor_net", policy.sensor_net)
        policy.forward = bool(data.get("forward", policy.forward))
        extra = [PortRule(r["proto"], int(r["port"]), r.get("comment", "extra")) for r in data.get("rules", [])]
        policy.rules.extend(extra)
    ipaddress.ip_network(policy.sensor_net)
    return policy


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--policy", default="gateway_policy.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    policy = load_policy(Path(args.policy))
    changed = RuleWriter(policy, args.dry_run).apply()
    log.info("%d rule(s) added for %s", changed, policy.sensor_net)


if __name__ == "__main__":
    main()
