#!/usr/bin/env python3
"""Keep Cloudflare A/AAAA records pointed at the home connection.

Configuration comes from ./ddns.json (zone and record names) and the
CF_API_TOKEN environment variable.  The token is only sent to
api.cloudflare.com.  The last known address is remembered in
./state/last_ip.json so the API is only touched when something changed.
"""
import argparse
import ipaddress
import json
import logging
import os
import sys
import time
from pathlib import Path

import requests

CF_API = "https://api.cloudflare.com/client/v4"
IP_SOURCES = {
    4: ["https://api.ipify.org", "https://ipv4.icanhazip.com"],
    6: ["https://api6.ipify.org", "https://ipv6.icanhazip.com"],
}
STATE_FILE = Path("state") / "last_ip.json"

logger = logging.getLogger("ddns")


def discover_ip(version):
    for url in IP_SOURCES[version]:
        try:
            resp = requests.get(url, timeout=8)
            resp.raise_for_status()
            addr = ipaddress.ip_address(resp.text.strip())
            if addr.version == version:
                return str(addr)
        except (requests.RequestException, ValueError) as exc:
            logger.debug("source %s failed: %s", url, exc)
    return None


def load_state():
    if STATE_FILE.exists():
        return json.loads(STATE_FILE.read_text())
    return {}


def save_state(state):
    STATE_FILE.parent.mkdir(exist_ok=True)
    STATE_FILE.write_text(json.dumps(state, indent=2))
    os.chmod(STATE_FILE, 0o600)


class Cloudflare:
    def __init__(self, token):
        self.session = requests.Session()
        self.session.headers.update({
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/json",
        })

    def _call(self, method, path, **kw):
        resp = self.session.request(method, CF_API + path, timeout=15, **kw)
        body = resp.json()
        if not body.get("success"):
            raise RuntimeError(f"cloudflare error: {body.get('errors')}")
        return body["result"]

    def zone_id(self, zone_name):
        zones = self._call("GET", "/zones", params={"name": zone_name})
        if not zones:
            raise RuntimeError(f"zone {zone_name} not found")
        return zones[0]["id"]

    def find_record(self, zone_id, name, rtype):
        recs = self._call("GET", f"/zones/{zone_id}/dns_records",
                          params={"name": name, "type": rtype})
        return recs[0] if recs else None

    def upsert(self, zone_id, name, rtype, content, proxied=False):
        record = self.find_record(zone_id, name, rtype)
        data = {"type": rtype, "name": name, "content": content,
                "ttl": 300, "proxied": proxied}
        if record is None:
            return self._call("POST", f"/zones/{zone_id}/dns_records", json=data)
        if record["content"] == content:
            return record
        return self._call("PUT", f"/zones/{zone_id}/dns_records/{record['id']}", json=data)


def run_once(cf, cfg, state, force=False):
    zid = cf.zone_id(cfg["zone"])
    changed = False
    for version, rtype in ((4, "A"), (6, "AAAA")):
        if not cfg.get(f"ipv{version}", version == 4):
            continue
        ip = discover_ip(version)
        if ip is None:
            logger.warning("no IPv%d address found", version)
            continue
        if not force and state.get(rtype) == ip:
            logger.info("%s unchanged (%s)", rtype, ip)
            continue
        for name in cfg["records"]:
            cf.upsert(zid, name, rtype, ip, proxied=cfg.get("proxied", False))
            logger.info("updated %s %s -> %s", rtype, name, ip)
        state[rtype] = ip
        changed = True
    if changed:
        state["updated"] = int(time.time())
        save_state(state)
    return changed


def main():
    parser = argparse.ArgumentParser(description="Cloudflare dynamic DNS sync")
    parser.add_argument("-c", "--config", default="ddns.json")
    parser.add_argument("--force", action="store_true")
    parser.add_argument("--loop", type=int, default=0, metavar="SECONDS",
                        help="keep running and re-check every SECONDS")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.getenv("CF_API_TOKEN")
    if not token:
        sys.exit("CF_API_TOKEN missing")
    cfg = json.loads(Path(args.config).read_text())
    cf = Cloudflare(token)
    state = load_state()

    while True:
        try:
            run_once(cf, cfg, state, args.force)
        except (requests.RequestException, RuntimeError) as exc:
            logger.error("update failed: %s", exc)
        if not args.loop:
            break
        time.sleep(args.loop)


if __name__ == "__main__":
    main()
