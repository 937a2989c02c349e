#!/usr/bin/env python3
"""Start a local Qdrant vector store for RAG development via the Docker Engine API.

Talks to the engine directly over its unix socket so the tool works on hosts
without the docker CLI or python SDK installed. The image must already be
present locally (`docker pull` is left to the operator).
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

LOG = logging.getLogger("vs-launch")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._sock_path)
        self.sock = sock


def engine(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"} if body is not None else {}
    conn.request(method, API + path, body=json.dumps(body) if body is not None else None, headers=headers)
    resp = conn.getresponse()
    raw = resp.read()
    conn.close()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {path}: {resp.status} {raw[:300]!r}")
    return json.loads(raw) if raw else None


def image_present(ref):
    for img in engine("GET", "/images/json") or []:
        if ref in (img.get("RepoTags") or []):
            return True
    return False


def ensure_container(name, image, storage_dir, port):
    existing = engine("GET", f"/containers/json?all=1&filters={json.dumps({'name': [name]})}")
    if existing:
        cid = existing[0]["Id"]
        if existing[0]["State"] != "running":
            LOG.info("starting existing container %s", cid[:12])
            engine("POST", f"/containers/{cid}/start")
        return cid
    spec = {
        "Image": image,
        "Env": ["QDRANT__SERVICE__GRPC_PORT=6334"],
        "ExposedPorts": {"6333/tcp": {}},
        "HostConfig": {
            "Binds": [f"{os.path.abspath(storage_dir)}:/qdrant/storage"],
            "PortBindings": {"6333/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
            "RestartPolicy": {"Name": "no"},
        },
    }
    created = engine("POST", f"/containers/create?name={name}", spec)
    engine("POST", f"/containers/{created['Id']}/start")
    LOG.info("created container %s", created["Id"][:12])
    return created["Id"]


def wait_ready(port, timeout=60):
    deadline = time.time() + timeout
    while time.time() < deadline:
        try:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=3)
            conn.request("GET", "/readyz")
            if conn.getresponse().status == 200:
                return True
        except OSError:
            pass
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--name", default="rag-qdrant")
    ap.add_argument("--image", default="qdrant/qdrant:v1.9.2")
    ap.add_argument("--storage", default="./qdrant_storage")
    ap.add_argument("--port", type=int, default=6333)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    os.makedirs(args.storage, exist_ok=True)
    if not image_present(args.image):
        LOG.error("image %s not found locally; pull it first", args.image)
        return 1
    ensure_container(args.name, args.image, args.storage, args.port)
    if not wait_ready(args.port):
        LOG.error("qdrant did not become ready on port %d", args.port)
        return 1
    LOG.info("qdrant ready at http://127.0.0.1:%d", args.port)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
