#!/usr/bin/env python3
"""Check and restart the GPS gateway services on the workshop server.

The gateway receives AVL positions from vehicles parked in the workshop
yard; after firmware updates on the in-cab units it sometimes stops
accepting connections and needs a restart.
"""

import argparse
import logging
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("gps_gateway")

SERVICES = ["avl-gateway.service", "avl-decoder.service"]
GATEWAY_PORT = 5027


def service_state(name):
    result = subprocess.run(["systemctl", "is-active", name],
                            capture_output=True, text=True)
    return result.stdout.strip() or "unknown"


def port_open(host, port, timeout=3.0):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def restart_service(name, dry_run):
    cmd = ["sudo", "systemctl", "restart", name]
    if dry_run:
        LOG.info("would run: %s", " ".join(cmd))
        return True
    LOG.info("restarting %s", name)
    result = subprocess.run(cmd, capture_output=True, text=True)
    if result.returncode != 0:
        LOG.error("restart of %s failed: %s", name, result.stderr.strip())
        return False
    return True


def wait_for_port(host, port, attempts, pause):
    for attempt in range(1, attempts + 1):
        if port_open(host, port):
            LOG.info("gateway port %d answering after %d check(s)", port, attempt)
            return True
        time.sleep(pause)
    return False


def report(host, port):
    for name in SERVICES:
        print(f"{name:<24} {service_state(name)}")
    print(f"port {port:<19} {'open' if port_open(host, port) else 'closed'}")


def parse_args(argv=None):
    parser = argparse.ArgumentParser(description="GPS gateway health and restart")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=GATEWAY_PORT)
    parser.add_argument("--restart", action="store_true",
                        help="restart services if the gateway is unhealthy")
    parser.add_argument("--force", action="store_true",
                        help="restart even when healthy")
    parser.add_argument("--dry-run", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    return parser.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    healthy = all(service_state(s) == "active" for s in SERVICES) and \
        port_open(args.host, args.port)

    if not args.restart:
        report(args.host, args.port)
        return 0 if healthy else 1

    if healthy and not args.force:
        LOG.info("gateway healthy, nothing to do")
        return 0

    ok = True
    for name in reversed(SERVICES):
        ok = restart_service(name, args.dry_run) and ok
        time.sleep(2)

    if args.dry_run:
        return 0
    if not wait_for_port(args.host, args.port, attempts=10, pause=3):
        LOG.error("gateway port %d still closed after restart", args.port)
        ok = False
    report(args.host, args.port)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
