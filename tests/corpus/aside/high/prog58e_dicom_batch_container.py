#!/usr/bin/env python3
"""Run the radiology de-identification toolkit over a batch of studies.

The toolkit ships as a container image that needs direct GPU access, so the
job is started through the local container engine API with the study folder
bind-mounted read-only and an output folder for the anonymised copies."""

import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("deid-batch")
ENGINE_SOCKET = "/var/run/docker.sock"
IMAGE = "registry.imaging.example/deid-toolkit:3.2"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path: str, timeout: float = 30):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path: str = ENGINE_SOCKET):
        self.path = path

    def call(self, method: str, url: str, body=None):
        conn = UnixHTTPConnection(self.path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}


def job_spec(studies: Path, output: Path, profile: str) -> dict:
    return {
        "Image": IMAGE,
        "Cmd": ["deid", "--profile", profile, "/in", "/out"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{studies.resolve()}:/in:ro", f"{output.resolve()}:/out:rw"],
            "AutoRemove": False,
        },
        "Labels": {"org.imaging.job": "deid-batch"},
    }


def run_job(engine: Engine, spec: dict, poll: float) -> int:
    created = engine.call("POST", "/v1.43/containers/create", spec)
    cid = created["Id"]
    LOG.info("container %s created", cid[:12])
    engine.call("POST", f"/v1.43/containers/{cid}/start")
    while True:
        state = engine.call("GET", f"/v1.43/containers/{cid}/json")["State"]
        if not state.get("Running"):
            engine.call("DELETE", f"/v1.43/containers/{cid}")
            return int(state.get("ExitCode", 1))
        time.sleep(poll)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("studies", type=Path)
    ap.add_argument("--out", type=Path, default=Path("deidentified"))
    ap.add_argument("--profile", default="basic-retain-dates")
    ap.add_argument("--poll", type=float, default=5.0)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    if not any(args.studies.rglob("*.dcm")):
        LOG.error("no DICOM files under %s", args.studies)
        return 2
    args.out.mkdir(exist_ok=True)
    try:
        code = run_job(Engine(), job_spec(args.studies, args.out, args.profile), args.poll)
    except (OSError, RuntimeError, KeyError) as exc:
        LOG.error("job failed to run: %s", exc)
        return 3
    LOG.info("toolkit exited with %d; output in %s", code, args.out)
    return code


if __name__ == "__main__":
    sys.exit(main())
