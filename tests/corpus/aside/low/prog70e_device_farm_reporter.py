#!/usr/bin/env python3
"""Device farm host reporter.

Runs on each USB host in the Android device lab. It reports attached devices
to the farm controller so the scheduler knows which phones are free, and
keeps the last report on disk for the lab dashboard's local view.

Config is read from ./farm-agent.json (see DEFAULTS for the keys).
"""
import argparse
import json
import logging
import os
import platform
import socket
import sys
import threading
import time
import uuid
from pathlib import Path

log = logging.getLogger("farm-reporter")

DEFAULTS = {
    "controller": "farm-ctl.example.net",
    "port": 7400,
    "interval": 30,
    "state_file": "farm-agent-state.json",
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


class FarmReporter:
    def __init__(self, cfg: dict):
        self.cfg = cfg
        self.agent_id = f"{socket.gethostname()}-{uuid.getnode():x}"
        self.adb = AdbClient(cfg["adb_host"], cfg["adb_port"])
        self.state_path = Path(cfg["state_file"])
        self._stop = threading.Event()

    def _send(self, msg: dict) -> None:
        addr = (self.cfg["controller"], self.cfg["port"])
        with socket.create_connection(addr, timeout=10) as s:
            s.sendall(json.dumps(msg).encode() + b"\n")

    def _save_state(self, msg: dict) -> None:
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(msg, indent=2))
        os.chmod(tmp, 0o600)
        tmp.replace(self.state_path)

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
                msg["delivered"] = True
                log.info("heartbeat sent: %d device(s)", len(msg["devices"]))
            except OSError as exc:
                msg["delivered"] = False
                log.warning("controller unreachable: %s", exc)
            self._save_state(msg)
            self._stop.wait(self.cfg["interval"])

    def run(self) -> None:
        t = threading.Thread(target=self.heartbeat_loop, name="heartbeat", daemon=True)
        t.start()
        try:
            while t.is_alive():
                time.sleep(1)
        except KeyboardInterrupt:
            log.info("stopping")
            self._stop.set()


def main() -> int:
    ap = argparse.ArgumentParser(description="device farm host reporter")
    ap.add_argument("--config", type=Path, default=Path("farm-agent.json"))
    ap.add_argument("--once", action="store_true", help="send one heartbeat and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(threadName)s %(levelname)s %(message)s")
    reporter = FarmReporter(load_config(args.config))
    if args.once:
        msg = {"agent": reporter.agent_id, "host": host_info(), "devices": reporter.adb.devices()}
        reporter._send(msg)
        reporter._save_state(msg)
        return 0
    reporter.run()
    return 0


if __name__ == "__main__":
    sys.exit(main())
