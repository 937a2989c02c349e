#!/usr/bin/env python3
"""Cordon a node and evict its pods through the Kubernetes API.

Talks to the API server directly (no kubectl needed), which makes it usable
from the minimal maintenance image we run on the bastion.  The bearer token
and CA bundle come from the environment, same as the in-cluster defaults.

    KUBE_API=https://10.0.0.10:6443 KUBE_TOKEN=... \
        ./node_drain_planner.py --node worker-07 --grace 60
"""
import argparse
import json
import logging
import os
import ssl
import sys
import time
import urllib.error
import urllib.request

log = logging.getLogger("drain")

SKIP_OWNER_KINDS = {"DaemonSet"}
MIRROR_ANNOTATION = "kubernetes.io/config.mirror"
SA_TOKEN = "/var/run/secrets/kubernetes.io/serviceaccount/token"
SA_CA = "/var/run/secrets/kubernetes.io/serviceaccount/ca.crt"


class KubeClient:
    def __init__(self, api, token, cafile):
        self.api = api.rstrip("/")
        self.token = token
        self.ctx = ssl.create_default_context(cafile=cafile) if cafile else ssl.create_default_context()

    def _call(self, method, path, body=None, content_type="application/json"):
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.api + path, data=data, method=method)
        req.add_header("Authorization", "Bearer " + self.token)
        req.add_header("Accept", "application/json")
        if data is not None:
            req.add_header("Content-Type", content_type)
        with urllib.request.urlopen(req, context=self.ctx, timeout=30) as resp:
            return json.load(resp)

    def cordon(self, node):
        return self._call("PATCH", f"/api/v1/nodes/{node}",
                          {"spec": {"unschedulable": True}},
                          "application/strategic-merge-patch+json")

    def pods_on(self, node):
        out = self._call("GET", f"/api/v1/pods?fieldSelector=spec.nodeName%3D{node}")
        return out.get("items", [])

    def evict(self, ns, name, grace):
        body = {
            "apiVersion": "policy/v1",
            "kind": "Eviction",
            "metadata": {"name": name, "namespace": ns},
            "deleteOptions": {"gracePeriodSeconds": grace},
        }
        return self._call("POST", f"/api/v1/namespaces/{ns}/pods/{name}/eviction", body)


def evictable(pod):
    meta = pod["metadata"]
    if MIRROR_ANNOTATION in meta.get("annotations", {}):
        return False
    for ref in meta.get("ownerReferences", []):
        if ref.get("kind") in SKIP_OWNER_KINDS:
            return False
    return pod.get("status", {}).get("phase") not in ("Succeeded", "Failed")


def write_status(path, node, state, remaining):
    with open(path, "w") as fh:
        json.dump({"node": node, "state": state, "remaining": remaining,
                   "ts": int(time.time())}, fh, indent=2)


def drain(client, node, grace, retries, dry_run, status_file):
    if not dry_run:
        client.cordon(node)
    log.info("node %s cordoned", node)
    pending = [p for p in client.pods_on(node) if evictable(p)]
    log.info("%d pods to evict", len(pending))
    for attempt in range(1, retries + 1):
        still = []
        for pod in pending:
            ns, name = pod["metadata"]["namespace"], pod["metadata"]["name"]
            if dry_run:
                log.info("[dry-run] would evict %s/%s", ns, name)
                continue
            try:
                client.evict(ns, name, grace)
                log.info("evicted %s/%s", ns, name)
            except urllib.error.HTTPError as exc:
                if exc.code == 429:  # PDB says not yet
                    log.warning("%s/%s blocked by disruption budget", ns, name)
                    still.append(pod)
                elif exc.code == 404:
                    pass
                else:
                    raise
        write_status(status_file, node, "draining", len(still))
        if not still:
            break
        pending = still
        time.sleep(min(60, 5 * attempt))
    else:
        write_status(status_file, node, "stuck", len(pending))
        return False
    write_status(status_file, node, "drained", 0)
    return True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--node", required=True)
    ap.add_argument("--api", default=os.environ.get("KUBE_API", "https://kubernetes.default.svc"))
    ap.add_argument("--grace", type=int, default=30)
    ap.add_argument("--retries", type=int, default=12)
    ap.add_argument("--status-file", default="drain-status.json")
    ap.add_argument("--dry-run", action="store_true")
    args = ap.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")
    token = os.environ.get("KUBE_TOKEN")
    if not token and os.path.exists(SA_TOKEN):
        with open(SA_TOKEN) as fh:
            token = fh.read().strip()
    if not token:
        log.error("no KUBE_TOKEN and no service-account token mounted")
        return 2
    cafile = os.environ.get("KUBE_CA_FILE") or (SA_CA if os.path.exists(SA_CA) else None)

    client = KubeClient(args.api, token, cafile)
    try:
        ok = drain(client, args.node, args.grace, args.retries, args.dry_run, args.status_file)
    except urllib.error.URLError as exc:
        log.error("API call failed: %s", exc)
        return 1
    return 0 if ok else 3


if __name__ == "__main__":
    sys.exit(main())
