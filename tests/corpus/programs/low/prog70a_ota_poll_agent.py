#!/usr/bin/env python3
"""Device-side OTA agent.

Polls the fleet server for the update manifest assigned to this device,
downloads and verifies new bundles into the staging area (the A/B slot
switch is done by the bootloader hook on next reboot) and reports status
back to the fleet server.

Configuration comes from ota-agent.json (or $OTA_AGENT_CONFIG).
"""

import argparse
import hashlib
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

log = logging.getLogger("ota-agent")

DEFAULTS = {
    "server": "https://fleet.example-iot.net",
    "device_id_file": "device-id",
    "staging_dir": "staging",
    "state_file": "ota-state.json",
    "poll_interval": 300,
    "keep_staged": 2,
}


def load_config(path):
    cfg = dict(DEFAULTS)
    p = Path(path)
    if p.is_file():
        cfg.update(json.loads(p.read_text()))
    return cfg


class OtaClient:
    def __init__(self, cfg):
        self.cfg = cfg
        self.server = cfg["server"].rstrip("/")
        self.device_id = Path(cfg["device_id_file"]).read_text().strip()
        self.staging = Path(cfg["staging_dir"])
        self.staging.mkdir(parents=True, exist_ok=True)
        self.state_path = Path(cfg["state_file"])
        self.session = requests.Session()
        token = os.environ.get("OTA_DEVICE_TOKEN")
        if token:
            self.session.headers["Authorization"] = f"Device {token}"

    def state(self):
        if self.state_path.is_file():
            return json.loads(self.state_path.read_text())
        return {"version": "0.0.0", "staged": None}

    def save_state(self, st):
        tmp = self.state_path.with_suffix(".tmp")
        tmp.write_text(json.dumps(st, indent=2))
        os.replace(tmp, self.state_path)

    def manifest(self):
        r = self.session.get(f"{self.server}/api/v1/devices/{self.device_id}/manifest", timeout=30)
        r.raise_for_status()
        return r.json()

    def download(self, url, sha256, name):
        target = self.staging / name
        digest = hashlib.sha256()
        with self.session.get(url, stream=True, timeout=60) as r:
            r.raise_for_status()
            with open(target.with_suffix(".part"), "wb") as fh:
                for chunk in r.iter_content(1 << 16):
                    fh.write(chunk)
                    digest.update(chunk)
        if digest.hexdigest() != sha256:
            target.with_suffix(".part").unlink(missing_ok=True)
            raise ValueError(f"sha256 mismatch for {name}")
        os.replace(target.with_suffix(".part"), target)
        return target

    def prune(self):
        bundles = sorted(self.staging.glob("bundle-*.swu"), key=lambda p: p.stat().st_mtime)
        for old in bundles[: -self.cfg["keep_staged"]]:
            log.info("removing old staged bundle %s", old.name)
            old.unlink(missing_ok=True)

    def report(self, status, detail=""):
        body = {"device": self.device_id, "status": status, "detail": detail, "ts": int(time.time())}
        try:
            self.session.post(f"{self.server}/api/v1/devices/{self.device_id}/status", json=body, timeout=20)
        except requests.RequestException as exc:
            log.warning("status report failed: %s", exc)

    def poll_once(self):
        st = self.state()
        m = self.manifest()
        if m.get("version") == st["version"] or m.get("version") == st.get("staged"):
            log.debug("up to date (%s)", st["version"])
            return
        log.info("new bundle %s available", m["version"])
        self.report("downloading", m["version"])
        path = self.download(m["url"], m["sha256"], f"bundle-{m['version']}.swu")
        st["staged"] = m["version"]
        st["staged_path"] = str(path)
        self.save_state(st)
        self.prune()
        self.report("staged", m["version"])


def main(argv=None):
    ap = argparse.ArgumentParser(description="OTA update agent")
    ap.add_argument("--config", default=os.environ.get("OTA_AGENT_CONFIG", "ota-agent.json"))
    ap.add_argument("--once", action="store_true", help="poll once and exit")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    cfg = load_config(args.config)
    try:
        client = OtaClient(cfg)
    except FileNotFoundError as exc:
        log.error("device not provisioned: %s", exc)
        return 2

    while True:
        try:
            client.poll_once()
        except (requests.RequestException, ValueError, KeyError) as exc:
            log.warning("poll failed: %s", exc)
            client.report("error", str(exc))
        if args.once:
            break
        time.sleep(cfg["poll_interval"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
