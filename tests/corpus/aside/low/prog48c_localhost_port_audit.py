#!/usr/bin/env python3
"""Audit which TCP ports are listening on *this* machine's loopback interface.

Intended for developers who want to know which local dev servers they forgot
to stop. Only loopback addresses are accepted; anything else is refused.
"""
import argparse
import ipaddress
import json
import logging
import socket
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, asdict

log = logging.getLogger("port-audit")

WELL_KNOWN = {
    22: "ssh", 80: "http", 443: "https", 3000: "node-dev", 5000: "flask-dev",
    5432: "postgres", 6379: "redis", 8000: "django-dev", 8080: "http-alt",
    8888: "jupyter", 9200: "elasticsearch", 27017: "mongodb",
}


@dataclass
class PortResult:
    port: int
    open: bool
    service: str
    banner: str = ""


def parse_ports(spec):
    ports = set()
    for chunk in spec.split(","):
        chunk = chunk.strip()
        if "-" in chunk:
            lo, hi = (int(x) for x in chunk.split("-", 1))
            ports.update(range(lo, hi + 1))
        elif chunk:
            ports.add(int(chunk))
    return sorted(p for p in ports if 0 < p < 65536)


def ensure_loopback(host):
    addr = ipaddress.ip_address(socket.gethostbyname(host))
    if not addr.is_loopback:
        raise ValueError(f"{host} resolves to {addr}, which is not loopback")
    return str(addr)


def probe(host, port, timeout):
    try:
        with socket.create_connection((host, port), timeout=timeout) as conn:
            conn.settimeout(timeout)
            try:
                banner = conn.recv(128).decode("latin-1", "replace").strip()
            except socket.timeout:
                banner = ""
            return PortResult(port, True, WELL_KNOWN.get(port, "?"), banner)
    except (ConnectionRefusedError, socket.timeout, OSError):
        return PortResult(port, False, WELL_KNOWN.get(port, "?"))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--ports", default="1-1024,3000,5000,5432,6379,8000,8080,8888")
    ap.add_argument("--timeout", type=float, default=0.3)
    ap.add_argument("--workers", type=int, default=64)
    ap.add_argument("--json", action="store_true", help="emit JSON")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    try:
        host = ensure_loopback(args.host)
    except ValueError as exc:
        log.error("refusing to scan: %s", exc)
        return 2

    ports = parse_ports(args.ports)
    log.info("probing %d ports on %s", len(ports), host)
    with ThreadPoolExecutor(max_workers=args.workers) as pool:
        results = list(pool.map(lambda p: probe(host, p, args.timeout), ports))

    listening = [r for r in results if r.open]
    if args.json:
        print(json.dumps([asdict(r) for r in listening], indent=2))
    else:
        for r in listening:
            print(f"{r.port:>5}/tcp  open  {r.service:<14} {r.banner[:50]}")
        print(f"{len(listening)} of {len(ports)} ports listening on {host}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
