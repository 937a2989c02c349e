#!/usr/bin/env python3
"""Quick readiness probe for the lab clusters.

The lab API servers use self-signed certificates that are regenerated on each
rebuild, so certificate checks are switched off here.  Reports node readiness,
deployment availability and the server version for each cluster listed in
./lab-clusters.json.
"""

import argparse
import json
import logging
import sys
import warnings

import urllib3
from kubernetes import client
from kubernetes.client.rest import ApiException

LOG = logging.getLogger("lab-probe")


def build_api_client(server, token):
    cfg = client.Configuration()
    cfg.host = server
    cfg.verify_ssl = False
    cfg.assert_hostname = False
    cfg.api_key = {"authorization": token}
    cfg.api_key_prefix = {"authorization": "Bearer"}
    return client.ApiClient(cfg)


class ClusterProbe:
    def __init__(self, name, api_client):
        self.name = name
        self.core = client.CoreV1Api(api_client)
        self.apps = client.AppsV1Api(api_client)
        self.version_api = client.VersionApi(api_client)
        self.result = {"cluster": name, "ok": True, "problems": []}

    def _problem(self, msg):
        self.result["ok"] = False
        self.result["problems"].append(msg)

    def check_version(self):
        info = self.version_api.get_code()
        self.result["version"] = info.git_version

    def check_nodes(self):
        nodes = self.core.list_node().items
        ready = 0
        for node in nodes:
            conds = {c.type: c.status for c in node.status.conditions or []}
            if conds.get("Ready") == "True":
                ready += 1
            else:
                self._problem(f"node {node.metadata.name} not ready")
            for pressure in ("MemoryPressure", "DiskPressure", "PIDPressure"):
                if conds.get(pressure) == "True":
                    self._problem(f"node {node.metadata.name} has {pressure}")
        self.result["nodes"] = f"{ready}/{len(nodes)}"

    def check_deployments(self, namespaces):
        unavailable = []
        for ns in namespaces:
            for dep in self.apps.list_namespaced_deployment(ns).items:
                want = dep.spec.replicas or 0
                have = dep.status.available_replicas or 0
                if have < want:
                    unavailable.append(f"{ns}/{dep.metadata.name} {have}/{want}")
        for u in unavailable:
            self._problem(f"deployment {u}")
        self.result["deployments_unavailable"] = len(unavailable)

    def run(self, namespaces):
        try:
            self.check_version()
            self.check_nodes()
            self.check_deployments(namespaces)
        except ApiException as exc:
            self._problem(f"api error {exc.status}: {exc.reason}")
        except urllib3.exceptions.HTTPError as exc:
            self._problem(f"connection error: {exc}")
        return self.result


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clusters", default="lab-clusters.json",
                    help='JSON list of {"name","server","token"}')
    ap.add_argument("--namespace", action="append", default=None)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")
    warnings.simplefilter("ignore", urllib3.exceptions.InsecureRequestWarning)

    with open(args.clusters, encoding="utf-8") as fh:
        clusters = json.load(fh)
    namespaces = args.namespace or ["default", "kube-system"]

    results = []
    for entry in clusters:
        api = build_api_client(entry["server"], entry["token"])
        results.append(ClusterProbe(entry["name"], api).run(namespaces))

    if args.json:
        json.dump(results, sys.stdout, indent=2)
        print()
    else:
        for r in results:
            status = "OK " if r["ok"] else "BAD"
            LOG.info("[%s] %-16s %-10s nodes=%s", status, r["cluster"],
                     r.get("version", "?"), r.get("nodes", "?"))
            for p in r["problems"]:
                LOG.info("        - %s", p)
    return 0 if all(r["ok"] for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
