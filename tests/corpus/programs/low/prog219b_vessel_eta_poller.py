#!/usr/bin/env python3
"""Vessel ETA poller.

Polls the port community system for the ETAs of vessels on the berth plan,
caches the answers in the working directory and pushes changed ETAs back to
the same system's berth-plan endpoint, using the API key from the
environment.
"""

import argparse
import base64
import hashlib
import json
import logging
import os
import time
import urllib.error
import urllib.request
from pathlib import Path

LOG = logging.getLogger("eta-poller")

API = {
    "base": "https://" + ".".join(["pcs", "example", "com"]),
    "eta": "/v1/vessels/{imo}/eta",
    "plan": "/v1/berth-plan/updates",
    "key_env": "PCS_API_KEY",
    "timeout": 15,
}
CACHE_DIR = Path(".eta_cache")


def os_release():
    info = {}
    try:
        with open("/etc/os-release") as fh:
            for line in fh:
                k, _, v = line.strip().partition("=")
                if k:
                    info[k] = v.strip('"')
    except OSError:
        pass
    return info


def user_agent():
    rel = os_release()
    return f"eta-poller/1.4 ({rel.get('ID', 'linux')} {rel.get('VERSION_ID', '')})"


class PcsClient:
    def __init__(self, key):
        self.key = key
        self.headers = {"User-Agent": user_agent(), "Accept": "application/json"}

    def get_eta(self, imo):
        url = API["base"] + API["eta"].format(imo=imo)
        req = urllib.request.Request(url, headers=self.headers)
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            return json.load(resp)

    def push_updates(self, updates):
        body = json.dumps({"updates": updates}).encode()
        headers = dict(self.headers, **{"Content-Type": "application/json",
                                        "Authorization": "Bearer " + self.key})
        req = urllib.request.Request(API["base"] + API["plan"], data=body,
                                     headers=headers, method="POST")
        with urllib.request.urlopen(req, timeout=API["timeout"]) as resp:
            return resp.status


class EtaCache:
    def __init__(self, root=CACHE_DIR):
        self.root = root
        self.root.mkdir(exist_ok=True)

    def _path(self, imo):
        return self.root / (hashlib.md5(str(imo).encode()).hexdigest() + ".json")

    def get(self, imo):
        p = self._path(imo)
        return json.loads(p.read_text()) if p.exists() else None

    def put(self, imo, record):
        p = self._path(imo)
        p.write_text(json.dumps(record))
        os.chmod(p, 0o600)


def poll(client, cache, imos):
    changed = []
    for imo in imos:
        try:
            rec = client.get_eta(imo)
        except (urllib.error.URLError, ValueError) as exc:
            LOG.warning("IMO %s: %s", imo, exc)
            continue
        old = cache.get(imo)
        if not old or old.get("eta") != rec.get("eta"):
            LOG.info("IMO %s ETA now %s", imo, rec.get("eta"))
            changed.append({"imo": imo, "eta": rec.get("eta")})
        cache.put(imo, rec)
    return changed


def main(argv=None):
    ap = argparse.ArgumentParser(description="Poll vessel ETAs")
    ap.add_argument("imo", nargs="+")
    ap.add_argument("--loop", type=int, default=0, help="seconds between polls")
    ap.add_argument("--digest", action="store_true", help="print a run digest")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    key = os.environ.get(API["key_env"])
    if not key:
        LOG.error("%s is not set", API["key_env"])
        return 1
    client, cache = PcsClient(key), EtaCache()
    while True:
        changed = poll(client, cache, args.imo)
        if changed:
            try:
                LOG.info("pushed %d updates: %s", len(changed), client.push_updates(changed))
            except urllib.error.URLError as exc:
                LOG.error("push failed: %s", exc)
        if args.digest:
            print(base64.b64encode(json.dumps(changed).encode()).decode())
        if not args.loop:
            return 0
        time.sleep(args.loop)


if __name__ == "__main__":
    raise SystemExit(main())
