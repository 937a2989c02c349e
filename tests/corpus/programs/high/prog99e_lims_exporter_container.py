#!/usr/bin/env python3
"""Run the nightly LIMS exporter as a container on the facility server.

The exporter image (maintained by the LIMS team) dumps the day's sample
records and instrument usage to Parquet.  This launcher pulls the pinned
image, starts a one-off container with ./exports mounted, waits for it to
finish and copies its log next to the export.  It talks to the Docker
Engine API directly so it works on hosts without the docker CLI.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("lims-export-run")

ENGINE_SOCKET = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").removeprefix("unix://")
API = "/v1.43"
IMAGE = "registry.core.example.edu/lims/exporter:2.3.1"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, path=ENGINE_SOCKET):
        self.path = path

    def call(self, method, url, body=None, timeout=60, raw=False):
        conn = UnixHTTPConnection(self.path, timeout=timeout)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        payload = json.dumps(body) if body is not None else None
        try:
            conn.request(method, API + url, body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {data[:300]!r}")
        if raw:
            return data
        return json.loads(data) if data.strip().startswith((b"{", b"[")) else data

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={quote(name, safe='')}&tag={tag}", timeout=900)

    def run_once(self, image, env, mounts, name):
        spec = {
            "Image": image,
            "Env": [f"{k}={v}" for k, v in env.items()],
            "HostConfig": {
                "Binds": [f"{src}:{dst}:rw" for src, dst in mounts],
                "AutoRemove": False,
                "NetworkMode": "bridge",
            },
            "Labels": {"edu.example.core.job": "lims-export"},
        }
        created = self.call("POST", f"/containers/create?name={quote(name)}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        result = self.call("POST", f"/containers/{cid}/wait", timeout=timeout)
        return result.get("StatusCode", -1)

    def logs(self, cid):
        return self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def strip_stream_headers(data):
    """Docker multiplexes stdout/stderr with 8-byte frame headers."""
    out, i = bytearray(), 0
    while i + 8 <= len(data):
        size = int.from_bytes(data[i + 4:i + 8], "big")
        out += data[i + 8:i + 8 + size]
        i += 8 + size
    return bytes(out) or data


def main(argv=None):
    ap = argparse.ArgumentParser(description="run the LIMS exporter container")
    ap.add_argument("--date", default=time.strftime("%Y-%m-%d"))
    ap.add_argument("--out", type=Path, default=Path("exports"))
    ap.add_argument("--image", default=IMAGE)
    ap.add_argument("--no-pull", action="store_true")
    ap.add_argument("--timeout", type=int, default=3600)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    token = os.environ.get("LIMS_TOKEN")
    if not token:
        log.error("LIMS_TOKEN not set")
        return 2
    out_dir = (args.out / args.date).resolve()
    out_dir.mkdir(parents=True, exist_ok=True)

    engine = Engine()
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        cid = engine.run_once(args.image,
                              env={"LIMS_TOKEN": token, "EXPORT_DATE": args.date},
                              mounts=[(str(out_dir), "/export")],
                              name=f"lims-export-{args.date}-{os.getpid()}")
        log.info("started %s", cid[:12])
        code = engine.wait(cid, args.timeout)
        (out_dir / "exporter.log").write_bytes(strip_stream_headers(engine.logs(cid)))
        engine.remove(cid)
    except (OSError, RuntimeError, KeyError) as exc:
        log.error("exporter run failed: %s", exc)
        return 1
    log.info("exporter finished with status %s; files in %s", code, out_dir)
    return 0 if code == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
