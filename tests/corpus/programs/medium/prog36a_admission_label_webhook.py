#!/usr/bin/env python3
"""Mutating admission webhook that stamps cost-allocation labels on pods.

Every Pod CREATE request gets ``cost-center`` and ``team`` labels copied
from its namespace annotations (looked up from a ConfigMap-mounted JSON
file), so the FinOps exporter can attribute spend.  Serves HTTPS on the
port referenced by the MutatingWebhookConfiguration's Service.
"""
import argparse
import base64
import json
import logging
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

log = logging.getLogger("cost-labeler")

DEFAULTS = {"cost-center": "unallocated", "team": "platform"}


class NamespaceDirectory:
    """Namespace -> label mapping, re-read when the mounted file changes."""

    def __init__(self, path: Path):
        self.path = path
        self._mtime = None
        self._data = {}
        self._lock = threading.Lock()

    def lookup(self, namespace):
        with self._lock:
            try:
                mtime = self.path.stat().st_mtime
                if mtime != self._mtime:
                    self._data = json.loads(self.path.read_text())
                    self._mtime = mtime
                    log.info("reloaded %d namespace entries", len(self._data))
            except (OSError, ValueError) as exc:
                log.warning("cannot read %s: %s", self.path, exc)
            return dict(DEFAULTS, **self._data.get(namespace, {}))


def escape_pointer(key):
    return key.replace("~", "~0").replace("/", "~1")


def build_patch(pod, wanted):
    labels = (pod.get("metadata") or {}).get("labels")
    ops = []
    if labels is None:
        ops.append({"op": "add", "path": "/metadata/labels", "value": {}})
        labels = {}
    for key, value in wanted.items():
        if labels.get(key) == value:
            continue
        op = "replace" if key in labels else "add"
        ops.append({"op": op, "path": "/metadata/labels/" + escape_pointer(key), "value": value})
    return ops


def review_response(uid, patch):
    resp = {"uid": uid, "allowed": True}
    if patch:
        resp["patchType"] = "JSONPatch"
        resp["patch"] = base64.b64encode(json.dumps(patch).encode()).decode()
    return {"apiVersion": "admission.k8s.io/v1", "kind": "AdmissionReview", "response": resp}


class WebhookHandler(BaseHTTPRequestHandler):
    directory: NamespaceDirectory = None
    server_version = "cost-labeler/1.4"

    def log_message(self, fmt, *args):
        log.debug("%s " + fmt, self.address_string(), *args)

    def _send_json(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path in ("/healthz", "/readyz"):
            self._send_json(200, {"status": "ok"})
        else:
            self._send_json(404, {"error": "not found"})

    def do_POST(self):
        if self.path != "/mutate":
            self._send_json(404, {"error": "not found"})
            return
        length = int(self.headers.get("Content-Length", "0"))
        try:
            review = json.loads(self.rfile.read(length))
            request = review["request"]
        except (ValueError, KeyError) as exc:
            self._send_json(400, {"error": f"bad AdmissionReview: {exc}"})
            return
        uid = request.get("uid", "")
        if request.get("kind", {}).get("kind") != "Pod" or request.get("operation") != "CREATE":
            self._send_json(200, review_response(uid, []))
            return
        wanted = self.directory.lookup(request.get("namespace", ""))
        patch = build_patch(request.get("object") or {}, wanted)
        log.info("pod %s/%s: %d patch ops", request.get("namespace"),
                 request.get("name") or "(generated)", len(patch))
        self._send_json(200, review_response(uid, patch))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--listen", default="0.0.0.0", help="bind address")
    ap.add_argument("--port", type=int, default=8443)
    ap.add_argument("--tls-cert", default="/etc/webhook/certs/tls.crt")
    ap.add_argument("--tls-key", default="/etc/webhook/certs/tls.key")
    ap.add_argument("--namespaces", default="/etc/webhook/config/namespaces.json", type=Path)
    ap.add_argument("--log-level", default="INFO")
    args = ap.parse_args(argv)
    logging.basicConfig(level=args.log_level, format="%(asctime)s %(levelname)s %(message)s")

    WebhookHandler.directory = NamespaceDirectory(args.namespaces)
    httpd = ThreadingHTTPServer((args.listen, args.port), WebhookHandler)
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.minimum_version = ssl.TLSVersion.TLSv1_2
    ctx.load_cert_chain(args.tls_cert, args.tls_key)
    httpd.socket = ctx.wrap_socket(httpd.socket, server_side=True)

    log.info("serving on %s:%d", args.listen, args.port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        httpd.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
