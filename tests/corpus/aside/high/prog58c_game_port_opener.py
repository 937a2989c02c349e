#!/usr/bin/env python3
"""Open (or close) the host firewall for our co-op game / voice chat server ports.

Port table comes from game_ports.json in the working directory, e.g.
  {"voice": {"port": 64738, "proto": "tcp"}, "world": {"port": 25565, "proto": "tcp"}}
"""
import argparse
import json
import logging
import shutil
import socket
import subprocess
import sys
from pathlib import Path

log = logging.getLogger("portopen")

DEFAULT_TABLE = {
    "voice": {"port": 64738, "proto": "tcp"},
    "voice-udp": {"port": 64738, "proto": "udp"},
    "world": {"port": 25565, "proto": "tcp"},
}


def load_table(path: Path) -> dict:
    if path.exists():
        try:
            return json.loads(path.read_text())
        except json.JSONDecodeError as exc:
            log.error("bad %s: %s", path, exc)
            sys.exit(2)
    log.info("no %s; using built-in defaults", path)
    return DEFAULT_TABLE


def ufw(*args: str, dry_run: bool) -> int:
    cmd = ["sudo", "-n", "ufw", *args]
    log.info("running: %s", " ".join(cmd))
    if dry_run:
        return 0
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("ufw failed: %s", proc.stderr.strip() or proc.stdout.strip())
    return proc.returncode


def listening_locally(port: int) -> bool:
    with socket.socket() as s:
        s.settimeout(0.5)
        return s.connect_ex(("127.0.0.1", port)) == 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("action", choices=["open", "close", "status"])
    ap.add_argument("--table", type=Path, default=Path("game_ports.json"))
    ap.add_argument("--only", nargs="*", help="subset of service names")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    if not shutil.which("ufw") and not args.dry_run:
        log.error("ufw not installed")
        return 1

    table = load_table(args.table)
    names = args.only or list(table)
    rc = 0
    for name in names:
        spec = table.get(name)
        if not spec:
            log.warning("unknown service %s", name)
            continue
        rule = f"{int(spec['port'])}/{spec.get('proto', 'tcp')}"
        if args.action == "open":
            rc |= ufw("allow", rule, "comment", f"game:{name}", dry_run=args.dry_run)
        elif args.action == "close":
            rc |= ufw("delete", "allow", rule, dry_run=args.dry_run)
        else:
            state = "listening" if listening_locally(int(spec["port"])) else "not listening"
            log.info("%-10s %-10s %s", name, rule, state)
    if args.action == "status":
        rc |= ufw("status", "numbered", dry_run=args.dry_run)
    return 1 if rc else 0


if __name__ == "__main__":
    sys.exit(main())
