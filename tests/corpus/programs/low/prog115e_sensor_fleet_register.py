#!/usr/bin/env python3
"""Register a water-quality sensor gateway with the farm fleet service.

Collects basic OS / hardware facts and the list of attached probes from the
local probe map, then upserts a registration record in the fleet API.  It can
be re-run at will: the fleet service keys records on the gateway id.
"""
import argparse
import hashlib
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

LOG = logging.getLogger("fleet-register")
DEFAULT_API = "https://fleet.bluefjord-aqua.example/api/v2/gateways"
STATE_FILE = Path(".fleet_state.json")


def read_os_release(path="/etc/os-release"):
    info = {}
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                line = line.strip()
                if not line or line.startswith("#") or "=" not in line:
                    continue
                key, value = line.split("=", 1)
                info[key] = value.strip('"')
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"id": info.get("ID"), "version": info.get("VERSION_ID"),
            "pretty": info.get("PRETTY_NAME")}


def read_cpu(path="/proc/cpuinfo"):
    model, cores = None, 0
    try:
        with open(path, encoding="utf-8") as fh:
            for line in fh:
                if line.startswith("processor"):
                    cores += 1
                elif model is None and line.lower().startswith(("model name", "hardware", "model")):
                    model = line.split(":", 1)[1].strip()
    except OSError as exc:
        LOG.warning("cannot read %s: %s", path, exc)
    return {"model": model, "cores": cores}


def load_probes(path):
    p = Path(path)
    if not p.is_file():
        LOG.info("no probe map at %s, registering without probes", p)
        return []
    data = json.loads(p.read_text(encoding="utf-8"))
    probes = []
    for entry in data.get("probes", []):
        probes.append({
            "channel": int(entry["channel"]),
            "kind": entry.get("kind", "unknown"),   # do, ph, temp, sal, turb
            "pen": entry.get("pen"),
            "serial": entry.get("serial"),
            "interval_s": int(entry.get("interval_s", 60)),
        })
    return probes


def gateway_identity(site, probes):
    host = socket.gethostname()
    gid = hashlib.sha256(f"{site}:{host}".encode()).hexdigest()[:16]
    return {
        "gateway_id": gid,
        "hostname": host,
        "site": site,
        "os": read_os_release(),
        "cpu": read_cpu(),
        "probes": probes,
        "registered_at": int(time.time()),
    }


class FleetClient:
    def __init__(self, base_url, token, timeout=15):
        url = urlparse(base_url)
        if url.scheme != "https":
            raise ValueError("fleet API must be https")
        self.host = url.hostname
        self.port = url.port or 443
        self.path = url.path.rstrip("/")
        self.token = token
        self.timeout = timeout

    def register(self, record, attempts=3):
        body = json.dumps(record).encode("utf-8")
        headers = {"Content-Type": "application/json",
                   "Authorization": f"Bearer {self.token}"}
        for attempt in range(1, attempts + 1):
            conn = http.client.HTTPSConnection(self.host, self.port, timeout=self.timeout)
            try:
                conn.request("PUT", f"{self.path}/{record['gateway_id']}", body=body, headers=headers)
                resp = conn.getresponse()
                payload = resp.read()
                if resp.status in (200, 201, 204):
                    return json.loads(payload or b"{}")
                if resp.status < 500:
                    raise RuntimeError(f"fleet API rejected registration: {resp.status} {payload[:200]!r}")
                LOG.warning("fleet API %s on attempt %d", resp.status, attempt)
            except (OSError, http.client.HTTPException) as exc:
                LOG.warning("attempt %d failed: %s", attempt, exc)
            finally:
                conn.close()
            time.sleep(2 ** attempt)
        raise RuntimeError("fleet registration failed after retries")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--site", required=True, help="farm site code, e.g. LOK-03")
    ap.add_argument("--api", default=os.environ.get("FLEET_API", DEFAULT_API))
    ap.add_argument("--probes", default="probes.json")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    record = gateway_identity(args.site, load_probes(args.probes))
    if args.dry_run:
        print(json.dumps(record, indent=2))
        return 0

    token = os.environ.get("FLEET_TOKEN")
    if not token:
        LOG.error("FLEET_TOKEN is not set")
        return 2
    try:
        result = FleetClient(args.api, token).register(record)
    except (RuntimeError, ValueError) as exc:
        LOG.error("%s", exc)
        return 1
    STATE_FILE.write_text(json.dumps({"record": record, "response": result}, indent=2))
    os.chmod(STATE_FILE, 0o600)
    LOG.info("gateway %s registered (%d probes)", record["gateway_id"], len(record["probes"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
