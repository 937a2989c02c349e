#!/usr/bin/env python3
"""Pull recorded footage out of the hall NVR container.

The bingo hall's NVR runs as a container on the back-office box and keeps
its recordings inside the container's /recordings volume. For an incident
request we copy one camera's day folder out as a tar stream, straight from
the engine API, and unpack the clips inside the time window into ./exports.
"""
import argparse
import datetime as dt
import http.client
import io
import json
import logging
import os
import socket
import sys
import tarfile
from pathlib import Path
from urllib.parse import quote

LOG = logging.getLogger("nvr-pull")


class EngineConnection(http.client.HTTPConnection):
    """HTTPConnection over the engine's local unix socket."""

    def __init__(self, sock_path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    api = "/v1.43"

    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _get(self, path):
        conn = EngineConnection(self.sock_path)
        conn.request("GET", self.api + path)
        resp = conn.getresponse()
        body = resp.read()
        if resp.status >= 300:
            raise RuntimeError(f"GET {path}: {resp.status} {body[:200]!r}")
        return body

    def find_container(self, image_hint):
        filters = quote(json.dumps({"status": ["running"]}))
        for c in json.loads(self._get(f"/containers/json?filters={filters}")):
            if image_hint in c.get("Image", "") or any(image_hint in n for n in c.get("Names", [])):
                return c["Id"]
        raise RuntimeError(f"no running container matching {image_hint!r}")

    def archive(self, container, path):
        return self._get(f"/containers/{container}/archive?path={quote(path)}")


def engine_socket():
    host = os.environ.get("DOCKER_HOST", "")
    if host.startswith("unix://"):
        return host[len("unix://"):]
    return "/" + "/".join(("var", "run", "docker.sock"))


def clip_time(name):
    # cam05-20240211-213005.mp4
    try:
        stem = Path(name).stem
        _, day, hms = stem.split("-")[:3]
        return dt.datetime.strptime(day + hms, "%Y%m%d%H%M%S")
    except ValueError:
        return None


def extract_window(blob, dest, start, end):
    dest.mkdir(parents=True, exist_ok=True)
    kept = 0
    with tarfile.open(fileobj=io.BytesIO(blob), mode="r:") as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            ts = clip_time(member.name)
            if ts is None or not (start <= ts <= end):
                continue
            src = tar.extractfile(member)
            if src is None:
                continue
            target = dest / Path(member.name).name
            with open(target, "wb") as fh:
                fh.write(src.read())
            kept += 1
            LOG.debug("kept %s", target.name)
    return kept


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--camera", required=True)
    ap.add_argument("--start", required=True, help="YYYY-mm-ddTHH:MM")
    ap.add_argument("--end", required=True, help="YYYY-mm-ddTHH:MM")
    ap.add_argument("--container", default=os.environ.get("NVR_CONTAINER", "hall-nvr"))
    ap.add_argument("--root", default="/recordings")
    ap.add_argument("--out", default="exports")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    start = dt.datetime.fromisoformat(args.start)
    end = dt.datetime.fromisoformat(args.end)
    engine = Engine(engine_socket())
    try:
        cid = engine.find_container(args.container)
        LOG.info("NVR container %s", cid[:12])
        total = 0
        day = start.date()
        while day <= end.date():
            folder = f"{args.root}/{args.camera}/{day:%Y-%m-%d}"
            try:
                blob = engine.archive(cid, folder)
            except RuntimeError as exc:
                LOG.warning("%s: %s", folder, exc)
                day += dt.timedelta(days=1)
                continue
            total += extract_window(blob, Path(args.out) / args.camera, start, end)
            day += dt.timedelta(days=1)
    except (OSError, RuntimeError) as exc:
        LOG.error("footage pull failed: %s", exc)
        return 2
    LOG.info("%d clips written under %s", total, Path(args.out) / args.camera)
    return 0 if total else 1


if __name__ == "__main__":
    sys.exit(main())
