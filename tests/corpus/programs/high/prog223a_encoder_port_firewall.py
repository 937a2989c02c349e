#!/usr/bin/env python3
"""Open the lock-server port for the key-card encoder subnet.

The lock server listens on TCP 7788 for the networked encoders at the front
desks. This tool builds an iptables rule set that admits only the encoder
subnets to that port, writes it to a script in ./build for the change record,
then applies it. Run it as root on the lock server.
"""
import argparse
import ipaddress
import logging
import os
import subprocess
import sys
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("encoder_fw")
CHAIN = "KEYCARD-ENCODERS"


class RuleSet:
    def __init__(self, port, subnets):
        self.port = port
        self.subnets = subnets

    def lines(self):
        out = [
            "#!/usr/bin/env bash",
            "set -euo pipefail",
            f"# generated {datetime.now():%Y-%m-%d %H:%M} by {Path(sys.argv[0]).name}",
            f"iptables -N {CHAIN} 2>/dev/null || true",
        ]
        for net in self.subnets:
            match = f"-s {net} -p tcp --dport {self.port} -j ACCEPT"
            out.append(f"iptables -C {CHAIN} {match} 2>/dev/null || "
                       f"iptables -I {CHAIN} 1 {match}")
        drop = f"{CHAIN} -p tcp --dport {self.port} -j DROP"
        out.append(f"iptables -C {drop} 2>/dev/null || iptables -A {drop}")
        out.append(
            f"iptables -C INPUT -p tcp --dport {self.port} -j {CHAIN} 2>/dev/null || "
            f"iptables -I INPUT 1 -p tcp --dport {self.port} -j {CHAIN}"
        )
        return out

    def write(self, path):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(self.lines()) + "\n")
        path.chmod(0o700)
        LOG.info("rule script written to %s", path)
        return path


def validate_subnets(raw):
    nets = []
    for item in raw:
        try:
            nets.append(str(ipaddress.ip_network(item, strict=False)))
        except ValueError as exc:
            raise SystemExit(f"invalid subnet {item!r}: {exc}")
    return nets


def backup_rules(build_dir):
    path = build_dir / f"iptables-backup-{datetime.now():%Y%m%d%H%M%S}.rules"
    with path.open("w") as fh:
        proc = subprocess.run(["iptables-save"], stdout=fh, stderr=subprocess.PIPE, text=True)
    if proc.returncode != 0:
        LOG.warning("iptables-save failed: %s", proc.stderr.strip())
        return None
    LOG.info("current rules saved to %s", path)
    return path


def apply(script):
    proc = subprocess.run(["bash", str(script)], capture_output=True, text=True)
    if proc.returncode != 0:
        LOG.error("applying rules failed: %s", proc.stderr.strip())
        return False
    listing = subprocess.run(
        ["bash", "-c", 'iptables -S "$CHAIN" | sed "s/^/  /"'],
        env=dict(os.environ, CHAIN=CHAIN), capture_output=True, text=True)
    LOG.info("chain %s now:\n%s", CHAIN, listing.stdout.rstrip())
    return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--port", type=int, default=7788)
    parser.add_argument("--subnet", action="append",
                        default=[], help="encoder subnet (repeatable)")
    parser.add_argument("--build-dir", default="./build")
    parser.add_argument("--generate-only", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    subnets = validate_subnets(args.subnet or ["198.51.100.0/26"])
    if not 1 <= args.port <= 65535:
        parser.error("port out of range")
    build_dir = Path(args.build_dir)
    script = RuleSet(args.port, subnets).write(build_dir / "encoder_fw.sh")
    if args.generate_only:
        return 0
    if os.geteuid() != 0:
        LOG.error("must run as root to apply iptables rules")
        return 1
    backup_rules(build_dir)
    return 0 if apply(script) else 1


if __name__ == "__main__":
    sys.exit(main())
