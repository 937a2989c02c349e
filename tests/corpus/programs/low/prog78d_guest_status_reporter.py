#!/usr/bin/env python3
"""Guest status reporter for VDI desktops.

Runs inside the guest (started by the session launcher) and periodically
reports the desktop's state to the pool broker so the broker can decide
whether the desktop is healthy, idle or ready to be recycled.
"""

import argparse
import configparser
import glob
import hashlib
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time

LOG = logging.getLogger("guest-status")

DEFAULT_CONFIG = "guest-status.ini"
DEFAULT_BROKER = "broker.vdi.internal"
DEFAULT_INTERVAL = 60


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg["broker"] = {"host": DEFAULT_BROKER, "port": "443", "path": "/api/v2/status"}
    cfg["agent"] = {"interval": str(DEFAULT_INTERVAL), "include_identity": "yes"}
    if os.path.exists(path):
        cfg.read(path)
        LOG.debug("loaded %s", path)
    else:
        LOG.info("no config at %s, using defaults", path)
    return cfg


def read_text(path, limit=64 * 1024):
    try:
        with open(path, "r", errors="replace") as fh:
            return fh.read(limit)
    except OSError:
        return None


def os_release():
    info = {}
    for line in (read_text("/etc/os-release") or "").splitlines():
        if "=" in line:
            k, v = line.split("=", 1)
            info[k] = v.strip('"')
    return info


def uptime_seconds():
    raw = read_text("/proc/uptime")
    return float(raw.split()[0]) if raw else None


def logged_in_users():
    users = set()
    for entry in glob.glob("/run/user/*"):
        try:
            users.add(int(os.path.basename(entry)))
        except ValueError:
            pass
    return sorted(users)


class IdentityCollector:
    """Builds a stable, non-reversible desktop identifier for the broker."""

    sources = ("/etc/machine-id", "/var/lib/dbus/machine-id")

    def collect(self):
        for path in self.sources:
            blob = read_text(path)
            if blob:
                digest = hashlib.sha256(("vdi-pool:" + blob.strip()).encode()).hexdigest()
                return {"desktop_id": digest[:32]}
        return {"desktop_id": None}


def build_payload(cfg):
    payload = {
        "hostname": socket.gethostname(),
        "kernel": platform.release(),
        "os": os_release().get("PRETTY_NAME", "unknown"),
        "uptime": uptime_seconds(),
        "sessions": logged_in_users(),
        "ts": int(time.time()),
    }
    if cfg.getboolean("agent", "include_identity", fallback=True):
        payload["identity"] = IdentityCollector().collect()
    return payload


def send(cfg, payload):
    host = cfg.get("broker", "host")
    port = cfg.getint("broker", "port")
    path = cfg.get("broker", "path")
    headers = {"Content-Type": "application/json", "User-Agent": "vdi-guest-status/2.3"}
    token = os.environ.get("VDI_AGENT_TOKEN")
    if token:
        headers["Authorization"] = "Bearer " + token
    conn = http.client.HTTPSConnection(host, port, timeout=15)
    try:
        conn.request("POST", path, body=json.dumps(payload), headers=headers)
        resp = conn.getresponse()
        resp.read()
        LOG.info("status -> %s:%s %s", host, port, resp.status)
        return 200 <= resp.status < 300
    finally:
        conn.close()


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("-c", "--config", default=DEFAULT_CONFIG)
    ap.add_argument("--once", action="store_true", help="send a single report and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(
        level=logging.DEBUG if args.verbose else logging.INFO,
        format="%(asctime)s %(name)s %(levelname)s %(message)s",
    )
    cfg = load_config(args.config)
    interval = cfg.getint("agent", "interval", fallback=DEFAULT_INTERVAL)

    failures = 0
    while True:
        try:
            ok = send(cfg, build_payload(cfg))
            failures = 0 if ok else failures + 1
        except (OSError, http.client.HTTPException) as exc:
            failures += 1
            LOG.warning("status report failed (%d): %s", failures, exc)
        if args.once:
            return 0 if failures == 0 else 1
        time.sleep(min(interval * (2 ** min(failures, 4)), 900))


if __name__ == "__main__":
    sys.exit(main())
