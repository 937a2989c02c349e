#!/usr/bin/env python3
"""Nightly backup on the shop's backup box using the restic container.

Starts a one-shot restic container through the local Docker engine, with the
USB backup disk and the NAS export mounted in, waits for it to finish and
keeps the container log in ./logs. Meant to be called from the box's timer.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from datetime import datetime
from pathlib import Path

LOG = logging.getLogger("backup-box")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
IMAGE = "restic/restic:0.16.4"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, timeout=60):
        conn = UnixHTTPConnection(self.sock_path, timeout)
        try:
            headers = {"Content-Type": "application/json"} if body is not None else {}
            conn.request(method, "/v1.43" + path,
                         body=json.dumps(body) if body is not None else None, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and resp.getheader("Content-Type", "").startswith("application/json") else data
        finally:
            conn.close()

    def pull(self, image):
        repo, tag = image.rsplit(":", 1)
        self.call("POST", f"/images/create?fromImage={repo}&tag={tag}", timeout=600)


def container_spec(cfg, snapshot_tag):
    return {
        "Image": IMAGE,
        "Cmd": ["backup", "/data", "--tag", snapshot_tag, "--exclude-caches"],
        "Env": [f"RESTIC_REPOSITORY={cfg['repository']}",
                f"RESTIC_PASSWORD_FILE=/run/secrets/restic"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [
                f"{cfg['nas_export']}:/data:ro",
                f"{cfg['usb_disk']}:/repo",
                f"{Path(cfg['password_file']).resolve()}:/run/secrets/restic:ro",
            ],
            "Devices": [],
            "AutoRemove": False,
        },
        "Labels": {"shop.backup": "nightly"},
    }


def run_backup(engine, cfg, logs_dir: Path) -> int:
    tag = datetime.now().strftime("nightly-%Y%m%d")
    try:
        engine.pull(IMAGE)
    except RuntimeError as exc:
        LOG.warning("pull failed (%s), using local image", exc)
    created = engine.call("POST", f"/containers/create?name=restic-{tag}", container_spec(cfg, tag))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    LOG.info("container %s started", cid[:12])
    result = engine.call("POST", f"/containers/{cid}/wait", timeout=6 * 3600)
    log_bytes = engine.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
    logs_dir.mkdir(exist_ok=True)
    (logs_dir / f"{tag}.log").write_bytes(log_bytes if isinstance(log_bytes, bytes) else b"")
    engine.call("DELETE", f"/containers/{cid}")
    return result.get("StatusCode", 1)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", type=Path, default=Path("backup_box.json"))
    ap.add_argument("--logs", type=Path, default=Path("logs"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    cfg = {"repository": "/repo", "nas_export": "/srv/nas/office",
           "usb_disk": "/media/backup1/restic", "password_file": "restic.pass"}
    if args.config.exists():
        cfg.update(json.loads(args.config.read_text()))

    engine = Engine(DOCKER_SOCK)
    started = time.monotonic()
    try:
        code = run_backup(engine, cfg, args.logs)
    except (OSError, RuntimeError) as exc:
        LOG.error("backup failed: %s", exc)
        return 2
    LOG.info("restic exited %d after %.0f s", code, time.monotonic() - started)
    return code


if __name__ == "__main__":
    sys.exit(main())
