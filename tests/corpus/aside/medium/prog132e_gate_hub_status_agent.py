#!/usr/bin/env python3
"""gate_hub_status_agent - forward timing-gate beam breaks to the track hub.

The gate controller at each trap box appends beam-break events to a CSV
spool (lane,timestamp,beam).  This agent tails that spool, forwards each
event to the central hub over a persistent TCP connection and answers the
hub's control messages (ping, clock check, status report).

Config lives in gate.ini next to the spool:

    [gate]
    hub_host = hub.trackside-timing.net
    hub_port = 7420
    gate_id  = TRAP3
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

log = logging.getLogger("gate_hub_status_agent")

DEFAULTS = {
    "hub_host": "hub.trackside-timing.net",
    "hub_port": "7420",
    "spool": "spool/beam_breaks.csv",
    "gate_id": "G1",
}


def load_config(path):
    cp = configparser.ConfigParser()
    cp["gate"] = DEFAULTS
    if path and Path(path).exists():
        cp.read(path)
        log.debug("loaded %s", path)
    return cp["gate"]


def tail_spool(path, poll=0.5):
    """Yield lines appended to the spool file, surviving rotation."""
    pos = 0
    inode = None
    while True:
        try:
            st = os.stat(path)
            if inode is not None and st.st_ino != inode:
                log.info("spool rotated, starting from top")
                pos = 0
            inode = st.st_ino
            with open(path, "r", encoding="utf-8") as fh:
                fh.seek(pos)
                for line in fh:
                    yield line.rstrip("\n")
                pos = fh.tell()
        except FileNotFoundError:
            log.debug("spool %s not there yet", path)
        time.sleep(poll)


def parse_break(line):
    parts = line.split(",")
    if len(parts) < 3:
        return None
    lane, ts, beam = parts[:3]
    try:
        return {"lane": int(lane), "t": float(ts), "beam": beam.strip()}
    except ValueError:
        return None


def _run(argv):
    try:
        out = subprocess.run(argv, capture_output=True, text=True, timeout=10)
        return out.stdout.strip()
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"error: {exc}"


class HubClient:
    handlers = {}

    def __init__(self, cfg):
        self.cfg = cfg
        self.sock = None
        self.lock = threading.Lock()

    def connect(self):
        host, port = self.cfg["hub_host"], int(self.cfg["hub_port"])
        for attempt in range(1, 9):
            try:
                self.sock = socket.create_connection((host, port), timeout=10)
                self.sock.settimeout(None)
                self.send({"type": "hello", "gate": self.cfg["gate_id"]})
                log.info("connected to hub %s:%s", host, port)
                return
            except OSError as exc:
                wait = min(2 ** attempt, 60)
                log.warning("hub connect failed (%s), retry in %ss", exc, wait)
                time.sleep(wait)
        raise SystemExit("could not reach timing hub")

    def send(self, msg):
        data = (json.dumps(msg) + "\n").encode()
        with self.lock:
            self.sock.sendall(data)

    def forward_breaks(self):
        for line in tail_spool(self.cfg["spool"]):
            ev = parse_break(line)
            if ev is None:
                continue
            ev.update(type="break", gate=self.cfg["gate_id"])
            try:
                self.send(ev)
            except OSError as exc:
                log.error("send failed: %s", exc)

    def control_loop(self):
        buf = b""
        while True:
            chunk = self.sock.recv(4096)
            if not chunk:
                log.warning("hub closed control channel")
                return
            buf += chunk
            while b"\n" in buf:
                raw, buf = buf.split(b"\n", 1)
                try:
                    msg = json.loads(raw)
                except ValueError:
                    continue
                fn = self.handlers.get(msg.get("op"))
                if fn is not None:
                    threading.Thread(target=fn, args=(self, msg), daemon=True).start()

    # -- control handlers --------------------------------------------------
    def _ping(self, msg):
        self.send({"type": "pong", "seq": msg.get("seq")})

    def _clock(self, msg):
        self.send({"type": "clock", "local": time.time(), "seq": msg.get("seq")})

    def _status(self, msg):
        """Report uptime, spool size and disk headroom to the hub."""
        spool = Path(self.cfg["spool"])
        usage = shutil.disk_usage(spool.parent if spool.parent.exists() else ".")
        self.send({
            "type": "status",
            "seq": msg.get("seq"),
            "uptime": _run(["uptime", "-p"]),
            "ntp": _run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"]),
            "spool_bytes": spool.stat().st_size if spool.exists() else 0,
            "disk_free": usage.free,
        })

    handlers.update(ping=_ping, clock=_clock, status=_status)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="gate.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    client = HubClient(cfg)
    client.connect()
    threading.Thread(target=client.forward_breaks, daemon=True).start()
    while True:
        try:
            client.control_loop()
        except OSError as exc:
            log.warning("control channel error: %s", exc)
        time.sleep(3)
        client.connect()


if __name__ == "__main__":
    main()
