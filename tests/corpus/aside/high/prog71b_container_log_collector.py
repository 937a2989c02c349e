#!/usr/bin/env python3
"""Collect container logs for an e-discovery or regulatory production request.

Finds containers labelled with the business application named in the request
(e.g. com.example.app=claims-portal), pulls their stdout/stderr logs for the
requested window straight from the engine API, and writes them with a hash
manifest to ./productions/<request-id>/.
"""
import argparse
import datetime as dt
import hashlib
import http.client
import json
import logging
import os
import socket
import struct
import sys
from pathlib import Path
from urllib.parse import quote, urlencode

LOG = logging.getLogger("ctr-logs")
ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")


class EngineConnection(http.client.HTTPConnection):
    """HTTP over the local engine's UNIX socket."""

    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def get(self, path, params=None):
        conn = EngineConnection(self.sock_path)
        url = path + ("?" + urlencode(params) if params else "")
        try:
            conn.request("GET", url, headers={"Host": "engine"})
            resp = conn.getresponse()
            body = resp.read()
        finally:
            conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"engine {resp.status} for {path}: {body[:200]!r}")
        return body

    def containers(self, label):
        filters = json.dumps({"label": [label]})
        return json.loads(self.get("/containers/json", {"all": "1", "filters": filters}))

    def logs(self, cid, since, until):
        raw = self.get(f"/containers/{quote(cid)}/logs",
                       {"stdout": "1", "stderr": "1", "timestamps": "1",
                        "since": int(since.timestamp()), "until": int(until.timestamp())})
        return demux(raw)


def demux(raw):
    """Split the multiplexed log stream into (stream, line) tuples."""
    out, pos = [], 0
    while pos + 8 <= len(raw):
        stream, size = struct.unpack(">BxxxL", raw[pos:pos + 8])
        pos += 8
        chunk = raw[pos:pos + size].decode("utf-8", errors="replace")
        pos += size
        out.extend(("stderr" if stream == 2 else "stdout", line)
                   for line in chunk.splitlines())
    if not out and raw:
        out = [("stdout", line) for line in raw.decode(errors="replace").splitlines()]
    return out


def parse_day(text):
    return dt.datetime.strptime(text, "%Y-%m-%d").replace(tzinfo=dt.timezone.utc)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("request_id", help="production request id, e.g. PR-2024-0412")
    ap.add_argument("--label", required=True, help="label selector, key=value")
    ap.add_argument("--since", type=parse_day, required=True)
    ap.add_argument("--until", type=parse_day, default=dt.datetime.now(dt.timezone.utc))
    ap.add_argument("--out", type=Path, default=Path("productions"))
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    engine = Engine(ENGINE_SOCKET)
    try:
        found = engine.containers(args.label)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach container engine at %s: %s", ENGINE_SOCKET, exc)
        return 1
    if not found:
        LOG.warning("no containers match %s", args.label)
        return 0

    target = args.out / args.request_id
    target.mkdir(parents=True, exist_ok=True)
    manifest = {"request": args.request_id, "label": args.label,
                "window": [args.since.isoformat(), args.until.isoformat()], "files": []}
    for ctr in found:
        name = ctr["Names"][0].lstrip("/")
        try:
            lines = engine.logs(ctr["Id"], args.since, args.until)
        except RuntimeError as exc:
            LOG.error("%s: %s", name, exc)
            continue
        path = target / f"{name}.log"
        payload = "\n".join(f"{stream}\t{line}" for stream, line in lines).encode()
        path.write_bytes(payload)
        manifest["files"].append({"container": name, "image": ctr.get("Image"),
                                  "file": path.name, "lines": len(lines),
                                  "sha256": hashlib.sha256(payload).hexdigest()})
        LOG.info("%s: %d lines", name, len(lines))
    (target / "manifest.json").write_text(json.dumps(manifest, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
