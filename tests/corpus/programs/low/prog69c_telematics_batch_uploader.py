#!/usr/bin/env python3
"""Telematics batch uploader.

Reads position fixes from the local gpsd daemon, groups them into batches
tagged with the vehicle identity from collector.ini and posts each batch to
the FleetPulse ingest API.  Batches that fail to upload are spooled to
./spool and retried on the next run.
"""
import argparse
import configparser
import http.client
import json
import logging
import os
import platform
import socket
import time
import uuid
from pathlib import Path

LOG = logging.getLogger("telematics-uploader")

DEFAULT_CONFIG = "collector.ini"
INGEST_HOST = "ingest.fleetpulse-telemetry.net"
INGEST_PATH = "/v2/batches"
SPOOL_DIR = Path("spool")


class GpsdClient:
    """Minimal gpsd JSON protocol reader."""

    def __init__(self, host="127.0.0.1", port=2947, timeout=5.0):
        self.host = host
        self.port = port
        self.timeout = timeout

    def fixes(self, limit):
        with socket.create_connection((self.host, self.port), timeout=self.timeout) as sock:
            sock.sendall(b'?WATCH={"enable":true,"json":true};\n')
            buf = b""
            seen = 0
            while seen < limit:
                chunk = sock.recv(4096)
                if not chunk:
                    break
                buf += chunk
                while b"\n" in buf and seen < limit:
                    line, buf = buf.split(b"\n", 1)
                    try:
                        msg = json.loads(line)
                    except ValueError:
                        continue
                    if msg.get("class") != "TPV" or "lat" not in msg:
                        continue
                    seen += 1
                    yield {
                        "ts": msg.get("time"),
                        "lat": msg["lat"],
                        "lon": msg["lon"],
                        "speed": msg.get("speed"),
                        "track": msg.get("track"),
                        "mode": msg.get("mode"),
                    }


def read_os_release():
    info = {}
    try:
        for line in Path("/etc/os-release").read_text().splitlines():
            if "=" in line:
                key, _, value = line.partition("=")
                info[key] = value.strip('"')
    except OSError:
        pass
    return info


def build_host_profile():
    osr = read_os_release()
    return {
        "hostname": socket.gethostname(),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "distro": osr.get("PRETTY_NAME"),
    }


class IngestClient:
    def __init__(self, api_key, host=INGEST_HOST, timeout=15):
        self.api_key = api_key
        self.host = host
        self.timeout = timeout

    def post_batch(self, batch):
        body = json.dumps(batch).encode()
        conn = http.client.HTTPSConnection(self.host, timeout=self.timeout)
        try:
            conn.request("POST", INGEST_PATH, body=body, headers={
                "Content-Type": "application/json",
                "Authorization": f"Bearer {self.api_key}",
                "X-Batch-Id": batch["batch_id"],
            })
            resp = conn.getresponse()
            payload = resp.read()
            if resp.status >= 300:
                raise RuntimeError(f"ingest returned {resp.status}: {payload[:200]!r}")
            return resp.status
        finally:
            conn.close()


def spool(batch):
    SPOOL_DIR.mkdir(exist_ok=True)
    path = SPOOL_DIR / f"{batch['batch_id']}.json"
    path.write_text(json.dumps(batch))
    LOG.warning("spooled batch %s", path)


def drain_spool(client):
    if not SPOOL_DIR.is_dir():
        return
    for path in sorted(SPOOL_DIR.glob("*.json")):
        try:
            client.post_batch(json.loads(path.read_text()))
        except (OSError, RuntimeError, ValueError) as exc:
            LOG.info("spool retry failed for %s: %s", path.name, exc)
            return
        path.unlink()
        LOG.info("re-sent spooled batch %s", path.name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--config", default=DEFAULT_CONFIG)
    parser.add_argument("--batch-size", type=int, default=50)
    parser.add_argument("--batches", type=int, default=0, help="0 = run forever")
    parser.add_argument("--interval", type=float, default=30.0)
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    cfg = configparser.ConfigParser()
    cfg.read(args.config)
    vehicle = cfg.get("vehicle", "id", fallback="UNASSIGNED")
    gps = GpsdClient(cfg.get("gpsd", "host", fallback="127.0.0.1"),
                     cfg.getint("gpsd", "port", fallback=2947))

    api_key = os.environ.get("FLEETPULSE_API_KEY")
    if not api_key:
        parser.error("FLEETPULSE_API_KEY is not set")
    client = IngestClient(api_key)
    host = build_host_profile()

    sent = 0
    while args.batches == 0 or sent < args.batches:
        drain_spool(client)
        try:
            fixes = list(gps.fixes(args.batch_size))
        except OSError as exc:
            LOG.error("gpsd unavailable: %s", exc)
            time.sleep(args.interval)
            continue
        batch = {"batch_id": uuid.uuid4().hex, "vehicle": vehicle,
                 "host": host, "fixes": fixes}
        try:
            status = client.post_batch(batch)
            LOG.info("batch %s (%d fixes) -> %s", batch["batch_id"], len(fixes), status)
        except (OSError, RuntimeError) as exc:
            LOG.error("upload failed: %s", exc)
            spool(batch)
        sent += 1
        time.sleep(args.interval)


if __name__ == "__main__":
    main()
