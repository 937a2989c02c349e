#!/usr/bin/env python3
"""Push LLDP-discovered interface descriptions into NetBox.

Input is the lldp_neighbors.json dump produced by the nightly collector and
dropped into the working directory. Only the NetBox API is contacted, with
the token from NETBOX_TOKEN.
"""
import argparse
import json
import logging
import os
import sys
import urllib.error
import urllib.parse
import urllib.request as ureq

LOG = logging.getLogger("lldp2netbox")
DEFAULT_API = "https://netbox.noc.example.net/api"


class NetBoxClient:
    def __init__(self, base: str, token: str, timeout: float = 15.0):
        self.base = base.rstrip("/")
        self.timeout = timeout
        self._headers = {
            "Authorization": f"Token {token}",
            "Content-Type": "application/json",
            "Accept": "application/json",
        }

    def _call(self, method: str, path: str, body=None, query=None):
        url = f"{self.base}/{path.lstrip('/')}"
        if query:
            url += "?" + urllib.parse.urlencode(query)
        data = json.dumps(body).encode() if body is not None else None
        req = ureq.Request(url, data=data, method=method, headers=self._headers)
        with ureq.urlopen(req, timeout=self.timeout) as resp:
            return json.load(resp)

    def find_interface(self, device: str, name: str):
        res = self._call("GET", "dcim/interfaces/", query={"device": device, "name": name})
        return res["results"][0] if res.get("count") else None

    def set_description(self, iface_id: int, text: str):
        return self._call("PATCH", f"dcim/interfaces/{iface_id}/", body={"description": text})


def describe(neigh: dict) -> str:
    peer = neigh.get("system_name") or neigh.get("chassis_id", "unknown")
    port = neigh.get("port_id", "?")
    return f"LLDP: {peer} {port}"[:200]


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--input", default="lldp_neighbors.json")
    ap.add_argument("--api", default=os.environ.get("NETBOX_API", DEFAULT_API))
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("NETBOX_TOKEN")
    if not token:
        LOG.error("NETBOX_TOKEN is not set")
        return 2

    with open(args.input, encoding="utf-8") as fh:
        inventory = json.load(fh)

    nb = NetBoxClient(args.api, token)
    changed = skipped = 0
    for device, ports in inventory.items():
        for ifname, neigh in ports.items():
            want = describe(neigh)
            try:
                iface = nb.find_interface(device, ifname)
            except urllib.error.URLError as exc:
                LOG.warning("lookup %s/%s failed: %s", device, ifname, exc)
                continue
            if iface is None:
                LOG.info("%s %s not modelled in NetBox", device, ifname)
                skipped += 1
                continue
            if iface.get("description") == want:
                continue
            LOG.info("%s %s: %r -> %r", device, ifname, iface.get("description"), want)
            if not args.dry_run:
                nb.set_description(iface["id"], want)
            changed += 1
    LOG.info("done: %d updated, %d skipped", changed, skipped)
    return 0


if __name__ == "__main__":
    sys.exit(main())
