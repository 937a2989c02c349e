#!/usr/bin/env python3
"""Keep a failed CI job alive and hand an interactive shell to a debug relay.

Add as an `if: failure()` step. The job dials out to the relay configured in
the DEBUG_RELAY CI variable (host:port) - no inbound port is needed on the
runner - and attaches bash to the connection until the relay hangs up or the
time budget runs out.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

log = logging.getLogger("job-attach")

BANNER = "ci-attach/1 job={job} runner={runner}\n"


def parse_relay(value):
    host, _, port = value.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"DEBUG_RELAY must be host:port, got {value!r}")
    return host, int(port)


def dial(host, port, attempts=5):
    delay = 2
    for n in range(1, attempts + 1):
        try:
            s = socket.create_connection((host, port), timeout=15)
            s.settimeout(None)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE, 1)
            return s
        except OSError as exc:
            log.warning("dial %s:%d attempt %d failed: %s", host, port, n, exc)
            time.sleep(delay)
            delay = min(delay * 2, 30)
    return None


def attach_shell(sock, budget):
    env = dict(os.environ, TERM="xterm-256color", PS1="[ci-debug \\W]$ ")
    fd = sock.fileno()
    proc = subprocess.Popen(
        ["/bin/bash", "--noprofile", "--norc", "-i"],
        stdin=fd, stdout=fd, stderr=fd,
        cwd=os.environ.get("GITHUB_WORKSPACE", os.getcwd()),
        env=env,
    )
    try:
        return proc.wait(timeout=budget)
    except subprocess.TimeoutExpired:
        log.info("time budget of %ss used up, closing session", budget)
        proc.kill()
        return -1


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--relay", default=os.environ.get("DEBUG_RELAY", ""))
    ap.add_argument("--budget", type=int, default=1800, help="max session seconds")
    ap.add_argument("--sessions", type=int, default=1)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not args.relay:
        log.info("DEBUG_RELAY not set; nothing to do")
        return 0
    try:
        host, port = parse_relay(args.relay)
    except ValueError as exc:
        log.error("%s", exc)
        return 2

    for i in range(args.sessions):
        sock = dial(host, port)
        if sock is None:
            log.error("relay unreachable")
            return 1
        sock.sendall(BANNER.format(job=os.environ.get("GITHUB_JOB", "?"),
                                   runner=os.environ.get("RUNNER_NAME", socket.gethostname()))
                     .encode())
        rc = attach_shell(sock, args.budget)
        sock.close()
        log.info("session %d ended with %s", i + 1, rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
