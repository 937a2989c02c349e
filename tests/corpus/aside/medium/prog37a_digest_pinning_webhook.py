#!/usr/bin/env python3
"""Mutating admission webhook that pins container images to digests.

For every Pod admitted, each container image given by tag is resolved to its
manifest digest through the registry v2 API and rewritten as image@sha256:...
so that a re-pushed tag cannot change what runs. Internal registries use
self-signed certificates, so upstream lookups do not verify TLS.
"""
import argparse
import base64
import json
import logging
import ssl
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

log = logging.getLogger("digest-pinner")

ACCEPT = ", ".join([
    "application/vnd.oci.image.index.v1+json",
    "application/vnd.docker.distribution.manifest.list.v2+json",
    "application/vnd.docker.distribution.manifest.v2+json",
])

_insecure = ssl._create_unverified_context()
_cache = {}
_cache_lock = threading.Lock()
CACHE_TTL = 300


def split_image(image):
    if "@sha256:" in image:
        return None
    name, _, tag = image.rpartition(":")
    if not name or "/" in tag:
        name, tag = image, "latest"
    first = name.split("/", 1)[0]
    if "." in first or ":" in first or first == "localhost":
        registry, repo = first, name.split("/", 1)[1]
    else:
        registry, repo = "registry-1.docker.io", name if "/" in name else f"library/{name}"
    return registry, repo, tag


def resolve_digest(image):
    parts = split_image(image)
    if parts is None:
        return None
    with _cache_lock:
        hit = _cache.get(image)
        if hit and hit[1] > time.time():
            return hit[0]
    registry, repo, tag = parts
    req = urllib.request.Request(f"https://{registry}/v2/{repo}/manifests/{tag}",
                                 method="HEAD", headers={"Accept": ACCEPT})
    with urllib.request.urlopen(req, timeout=5, context=_insecure) as resp:
        digest = resp.headers.get("Docker-Content-Digest")
    if digest:
        with _cache_lock:
            _cache[image] = (digest, time.time() + CACHE_TTL)
    return digest


def build_patch(pod):
    ops = []
    spec = pod.get("spec", {})
    for field in ("initContainers", "containers"):
        for idx, container in enumerate(spec.get(field, []) or []):
            image = container.get("image", "")
            try:
                digest = resolve_digest(image)
            except OSError as exc:
                log.warning("could not resolve %s: %s", image, exc)
                continue
            if digest:
                base = image.rsplit(":", 1)[0] if ":" in image.split("/")[-1] else image
                ops.append({"op": "replace", "path": f"/spec/{field}/{idx}/image",
                            "value": f"{base}@{digest}"})
    return ops


class AdmissionHandler(BaseHTTPRequestHandler):
    server_version = "digest-pinner/0.3"

    def log_message(self, fmt, *args):
        log.debug(fmt, *args)

    def do_GET(self):
        if self.path == "/healthz":
            self._reply(200, b"ok", "text/plain")
        else:
            self._reply(404, b"not found", "text/plain")

    def do_POST(self):
        length = int(self.headers.get("Content-Length", 0))
        review = json.loads(self.rfile.read(length) or b"{}")
        request = review.get("request", {})
        response = {"uid": request.get("uid"), "allowed": True}
        if request.get("kind", {}).get("kind") == "Pod":
            patch = build_patch(request.get("object", {}))
            if patch:
                response["patchType"] = "JSONPatch"
                response["patch"] = base64.b64encode(json.dumps(patch).encode()).decode()
                log.info("pinned %d images in %s/%s", len(patch),
                         request.get("namespace"), request.get("name") or "<generated>")
        body = json.dumps({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                           "response": response}).encode()
        self._reply(200, body, "application/json")

    def _reply(self, code, body, ctype):
        self.send_response(code)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0")
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--tls-cert", default="certs/tls.crt")
    ap.add_argument("--tls-key", default="certs/tls.key")
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args()
    logging.basicConfig(level=args.log_level.upper(), format="%(asctime)s %(levelname)s %(message)s")

    server = ThreadingHTTPServer((args.listen, args.port), AdmissionHandler)
    tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    tls.load_cert_chain(args.tls_cert, args.tls_key)
    server.socket = tls.wrap_socket(server.socket, server_side=True)
    log.info("serving on https://%s:%d", args.listen, args.port)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        server.shutdown()


if __name__ == "__main__":
    main()
