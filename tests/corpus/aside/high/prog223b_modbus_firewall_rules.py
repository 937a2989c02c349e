#!/usr/bin/env python3
"""Open Modbus/TCP from the weighbridge scale controllers to the ticket server.

The scale controllers (load-cell summing boxes) push weights over Modbus/TCP
port 502.  After the server was rebuilt the host firewall no longer lets them
in.  This reads the controller list, writes the iptables ACCEPT rules into a
script and applies it with sudo, skipping rules that already exist.
"""
import argparse
import ipaddress
import json
import logging
import os
import subprocess
import sys
import tempfile
from pathlib import Path

LOG = logging.getLogger("modbus_fw")

DEFAULT_CONTROLLERS = [
    {"name": "wb-inbound", "ip": "192.0.2.21"},
    {"name": "wb-outbound", "ip": "192.0.2.22"},
    {"name": "rail-scale", "ip": "192.0.2.40"},
]


class Controller:
    def __init__(self, name: str, ip: str, port: int):
        self.name = name
        self.ip = str(ipaddress.ip_address(ip))
        self.port = port

    def rule_args(self, chain: str) -> str:
        return (f"{chain} -p tcp -s {self.ip} --dport {self.port} "
                f"-m comment --comment wb-{self.name} -j ACCEPT")


def load_controllers(path: Path | None, port: int) -> list[Controller]:
    entries = DEFAULT_CONTROLLERS
    if path:
        try:
            entries = json.loads(path.read_text())
        except (OSError, json.JSONDecodeError) as exc:
            LOG.error("cannot read %s: %s", path, exc)
            raise SystemExit(2)
    result = []
    for entry in entries:
        try:
            result.append(Controller(entry["name"], entry["ip"], int(entry.get("port", port))))
        except (KeyError, ValueError) as exc:
            LOG.warning("skipping controller %r: %s", entry, exc)
    return result


def build_script(controllers: list[Controller], chain: str) -> str:
    lines = ["#!/bin/bash", "set -u", "added=0"]
    for c in controllers:
        args = c.rule_args(chain)
        lines.append(f"if iptables -C {args} 2>/dev/null; then")
        lines.append(f"    echo 'exists {c.name}'")
        lines.append("else")
        lines.append(f"    iptables -I {args} && echo 'added {c.name}' && added=$((added+1))")
        lines.append("fi")
    lines.append(f"iptables -L {chain} -n --line-numbers | grep -c 'wb-' || true")
    lines.append("echo \"total added: $added\"")
    return "\n".join(lines) + "\n"


def apply(script_text: str, dry_run: bool) -> int:
    if dry_run:
        print(script_text)
        return 0
    fd, path = tempfile.mkstemp(prefix="modbus_fw_", suffix=".sh")
    with os.fdopen(fd, "w") as fh:
        fh.write(script_text)
    try:
        proc = subprocess.run(["sudo", "bash", path], capture_output=True, text=True)
        for line in proc.stdout.splitlines():
            LOG.info("iptables: %s", line)
        if proc.returncode != 0:
            LOG.error("rule script failed: %s", proc.stderr.strip())
        return proc.returncode
    finally:
        os.unlink(path)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--controllers", type=Path, help="JSON list of {name, ip, port}")
    ap.add_argument("--port", type=int, default=502)
    ap.add_argument("--chain", default="INPUT")
    ap.add_argument("-n", "--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    controllers = load_controllers(args.controllers, args.port)
    if not controllers:
        LOG.error("no controllers configured")
        return 1
    LOG.info("allowing Modbus from %s", ", ".join(c.ip for c in controllers))
    return apply(build_script(controllers, args.chain), args.dry_run)


if __name__ == "__main__":
    sys.exit(main())
