#!/usr/bin/env python3
"""Restarts the RIP (raster image processor) container when the print queue stalls."""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("rip.watch")

ENGINE = {
    "socket": "/var/run/docker.sock",
    "api": "/v1.43",
    "container_label": "signshop.role=rip",
}

QUEUE_DIR = Path("spool/incoming")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class EngineClient:
    def __init__(self, cfg):
        self.cfg = cfg

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.cfg["socket"])
        body_text = json.dumps(body) if body is not None else None
        headers = {"Content-Type": "application/json"} if body_text else {}
        conn.request(method, self.cfg["api"] + path, body=body_text, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def rip_containers(self):
        filters = json.dumps({"label": [self.cfg["container_label"]]})
        from urllib.parse import quote
        return self.request("GET", f"/containers/json?all=1&filters={quote(filters)}")

    def restart(self, container_id, wait=10):
        self.request("POST", f"/containers/{container_id}/restart?t={wait}")


def oldest_job_age(queue_dir):
    if not queue_dir.is_dir():
        return 0.0
    stamps = [p.stat().st_mtime for p in queue_dir.iterdir() if p.is_file()]
    if not stamps:
        return 0.0
    return time.time() - min(stamps)


def check_once(client, max_age, force=False):
    age = oldest_job_age(QUEUE_DIR)
    log.info("oldest queued job: %.0f s", age)
    if age < max_age and not force:
        return False
    restarted = False
    for item in client.rip_containers() or []:
        name = (item.get("Names") or ["?"])[0].lstrip("/")
        log.warning("restarting %s (state %s)", name, item.get("State"))
        client.restart(item["Id"])
        restarted = True
    return restarted


def main():
    parser = argparse.ArgumentParser(description="Restart stalled RIP containers")
    parser.add_argument("--max-age", type=int, default=900, help="seconds before a job counts as stalled")
    parser.add_argument("--watch", type=int, default=0, help="repeat every N seconds")
    parser.add_argument("--force", action="store_true")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    client = EngineClient(ENGINE)
    while True:
        try:
            check_once(client, args.max_age, args.force)
        except (OSError, RuntimeError) as exc:
            log.error("engine error: %s", exc)
        if not args.watch:
            break
        time.sleep(args.watch)


if __name__ == "__main__":
    main()
