#!/usr/bin/env python3
"""Side-load locally built images into a kind cluster.

Talks to the local Docker Engine API directly (no docker CLI needed in the
dev container), exports every image matching the given repository prefix
to ./.kind-images/<name>.tar and hands the archives to ``kind load
image-archive``.  Archives are cached by image ID so unchanged images are
not exported again.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys
import urllib.parse
from pathlib import Path

LOG = logging.getLogger("kind-image-loader")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API_VERSION = "v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class DockerEngine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def _request(self, method, path, query=None):
        conn = UnixHTTPConnection(self.sock_path)
        url = f"/{API_VERSION}{path}"
        if query:
            url += "?" + urllib.parse.urlencode(query, doseq=True)
        conn.request(method, url)
        resp = conn.getresponse()
        if resp.status >= 400:
            body = resp.read().decode(errors="replace")
            conn.close()
            raise RuntimeError(f"{method} {path}: {resp.status} {body}")
        return conn, resp

    def ping(self):
        conn, resp = self._request("GET", "/_ping")
        ok = resp.read() == b"OK"
        conn.close()
        return ok

    def images(self, prefix):
        conn, resp = self._request("GET", "/images/json")
        data = json.loads(resp.read())
        conn.close()
        for img in data:
            for tag in img.get("RepoTags") or []:
                if tag.startswith(prefix) and not tag.endswith(":<none>"):
                    yield tag, img["Id"]

    def save(self, ref, target: Path):
        conn, resp = self._request("GET", "/images/get", {"names": ref})
        tmp = target.with_suffix(".partial")
        with open(tmp, "wb") as fh:
            while True:
                chunk = resp.read(1 << 20)
                if not chunk:
                    break
                fh.write(chunk)
        conn.close()
        tmp.replace(target)


def safe_name(ref):
    return ref.replace("/", "_").replace(":", "__")


def load_into_kind(cluster, archive):
    cmd = ["kind", "load", "image-archive", str(archive), "--name", cluster]
    LOG.debug("running %s", " ".join(cmd))
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr.strip() or f"kind exited {proc.returncode}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("prefix", help="repository prefix, e.g. localhost/myteam/")
    ap.add_argument("--cluster", default="kind")
    ap.add_argument("--cache", default=".kind-images", type=Path)
    ap.add_argument("--no-load", action="store_true", help="only export archives")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(levelname)s %(message)s")

    engine = DockerEngine(DOCKER_SOCK)
    try:
        if not engine.ping():
            LOG.error("docker engine at %s did not answer", DOCKER_SOCK)
            return 1
    except OSError as exc:
        LOG.error("cannot reach %s: %s", DOCKER_SOCK, exc)
        return 1

    args.cache.mkdir(exist_ok=True)
    index_path = args.cache / "index.json"
    index = json.loads(index_path.read_text()) if index_path.exists() else {}

    found = 0
    for ref, image_id in engine.images(args.prefix):
        found += 1
        archive = args.cache / f"{safe_name(ref)}.tar"
        if index.get(ref) == image_id and archive.exists():
            LOG.info("%s unchanged", ref)
            continue
        LOG.info("exporting %s", ref)
        engine.save(ref, archive)
        if not args.no_load:
            try:
                load_into_kind(args.cluster, archive)
                LOG.info("loaded %s into kind/%s", ref, args.cluster)
            except RuntimeError as exc:
                LOG.error("kind load failed for %s: %s", ref, exc)
                continue
        index[ref] = image_id

    index_path.write_text(json.dumps(index, indent=2))
    if not found:
        LOG.warning("no images match %r", args.prefix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
