#!/usr/bin/env python3
"""Scan this host's own ports over loopback and quarantine any listener that
is not on the approved list by inserting an iptables DROP rule for inbound
traffic to that port (loopback stays reachable for debugging).

Approved ports are read from ./approved_ports.json: {"tcp": [22, 443, ...]}.
"""
import argparse
import concurrent.futures as cf
import json
import logging
import shlex
import socket
import subprocess

logger = logging.getLogger("loopback-quarantine")
CHAIN = "INPUT"
COMMENT = "loopback-quarantine"


def probe(port: int, timeout: float) -> bool:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.settimeout(timeout)
    try:
        return sock.connect_ex(("127.0.0.1", port)) == 0
    finally:
        sock.close()


def scan(ports, workers: int, timeout: float):
    with cf.ThreadPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(probe, p, timeout): p for p in ports}
        for fut in cf.as_completed(futures):
            if fut.result():
                yield futures[fut]


def rule_spec(port: int):
    return [CHAIN, "!", "-i", "lo", "-p", "tcp", "--dport", str(port),
            "-m", "comment", "--comment", COMMENT, "-j", "DROP"]


class Firewall:
    def __init__(self, binary: str = "iptables", dry_run: bool = False):
        self.binary = binary
        self.dry_run = dry_run

    def _run(self, *args, check=True):
        cmd = [self.binary, "-w", *args]
        logger.debug("exec: %s", shlex.join(cmd))
        return subprocess.run(cmd, capture_output=True, text=True, check=check)

    def has_rule(self, port: int) -> bool:
        return self._run("-C", *rule_spec(port), check=False).returncode == 0

    def quarantine(self, port: int) -> str:
        if self.has_rule(port):
            return "already quarantined"
        if self.dry_run:
            return "would insert DROP"
        self._run("-I", *rule_spec(port))
        return "DROP inserted"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--approved", default="approved_ports.json")
    ap.add_argument("--range", default="1-10000")
    ap.add_argument("--workers", type=int, default=128)
    ap.add_argument("--timeout", type=float, default=0.3)
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.v else logging.INFO,
                        format="%(levelname)s %(message)s")

    with open(args.approved, encoding="utf-8") as fh:
        approved = set(json.load(fh).get("tcp", []))
    lo, hi = (int(x) for x in args.range.split("-", 1))

    open_ports = sorted(scan(range(lo, hi + 1), args.workers, args.timeout))
    rogue = [p for p in open_ports if p not in approved]
    logger.info("open: %s", open_ports or "none")
    if not rogue:
        return 0

    fw = Firewall(dry_run=args.dry_run)
    for port in rogue:
        try:
            print(f"{port:>6}  {fw.quarantine(port)}")
        except subprocess.CalledProcessError as exc:
            logger.error("iptables failed for %d: %s", port, exc.stderr.strip())
    return 1


if __name__ == "__main__":
    raise SystemExit(main())
