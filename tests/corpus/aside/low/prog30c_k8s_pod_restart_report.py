#!/usr/bin/env python3
"""Summarise container restarts and pending pods across namespaces.

Uses the local kubeconfig (or the in-cluster service account when running as
a CronJob) and prints a table of the worst offenders.  Optionally writes the
result as JSON for the on-call dashboard.
"""

import argparse
import json
import logging
import sys
from collections import Counter, defaultdict
from datetime import datetime, timezone

from kubernetes import client, config
from kubernetes.client.rest import ApiException

logger = logging.getLogger("pod-restarts")


def load_kube(context=None):
    try:
        config.load_incluster_config()
        logger.debug("using in-cluster configuration")
    except config.ConfigException:
        config.load_kube_config(context=context)
        logger.debug("using kubeconfig context %s", context or "<current>")


class RestartReport:
    def __init__(self, core_api, threshold=3):
        self.core = core_api
        self.threshold = threshold
        self.offenders = []
        self.pending = []
        self.reasons = Counter()

    def scan(self, namespace=None, label_selector=None):
        if namespace:
            pods = self.core.list_namespaced_pod(namespace, label_selector=label_selector or "")
        else:
            pods = self.core.list_pod_for_all_namespaces(label_selector=label_selector or "")
        for pod in pods.items:
            self._inspect(pod)
        self.offenders.sort(key=lambda o: o["restarts"], reverse=True)

    def _inspect(self, pod):
        ns, name = pod.metadata.namespace, pod.metadata.name
        if pod.status.phase == "Pending":
            age = datetime.now(timezone.utc) - pod.metadata.creation_timestamp
            self.pending.append({"namespace": ns, "pod": name, "age_min": int(age.total_seconds() // 60)})
        for cs in pod.status.container_statuses or []:
            if cs.restart_count < self.threshold:
                continue
            last = cs.last_state.terminated if cs.last_state else None
            reason = last.reason if last else "unknown"
            self.reasons[reason] += 1
            self.offenders.append({
                "namespace": ns,
                "pod": name,
                "container": cs.name,
                "restarts": cs.restart_count,
                "last_reason": reason,
                "node": pod.spec.node_name,
            })

    def by_node(self):
        nodes = defaultdict(int)
        for o in self.offenders:
            nodes[o["node"]] += o["restarts"]
        return dict(sorted(nodes.items(), key=lambda kv: kv[1], reverse=True))

    def print_table(self, limit=25):
        print(f"{'NAMESPACE':<20} {'POD':<45} {'CONTAINER':<20} {'RESTARTS':>8}  REASON")
        for o in self.offenders[:limit]:
            print(f"{o['namespace']:<20} {o['pod'][:45]:<45} {o['container'][:20]:<20} "
                  f"{o['restarts']:>8}  {o['last_reason']}")
        if self.pending:
            print(f"\n{len(self.pending)} pods pending; oldest {max(p['age_min'] for p in self.pending)} min")
        if self.reasons:
            print("\nTermination reasons:", ", ".join(f"{r}={n}" for r, n in self.reasons.most_common()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", "--namespace")
    ap.add_argument("-l", "--selector")
    ap.add_argument("--context")
    ap.add_argument("--threshold", type=int, default=3)
    ap.add_argument("--json-out", help="write full report to this file")
    ap.add_argument("--debug", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.debug else logging.WARNING)

    load_kube(args.context)
    report = RestartReport(client.CoreV1Api(), threshold=args.threshold)
    try:
        report.scan(args.namespace, args.selector)
    except ApiException as exc:
        logger.error("API error %s: %s", exc.status, exc.reason)
        return 1
    report.print_table()
    if args.json_out:
        with open(args.json_out, "w") as fh:
            json.dump({"offenders": report.offenders, "pending": report.pending,
                       "by_node": report.by_node()}, fh, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
