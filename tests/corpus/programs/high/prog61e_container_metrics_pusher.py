#!/usr/bin/env python3
"""Publish per-host container counts to CloudWatch.

Talks to the local Docker Engine API directly over its UNIX socket (no
docker SDK on the minimal AMI) and emits one metric per compose project.
"""
import argparse
import collections
import http.client
import json
import logging
import socket
import sys
import time

import boto3

DOCKER_SOCK = "/var/run/docker.sock"
log = logging.getLogger("ctr-metrics")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


def docker_get(path, sock=DOCKER_SOCK):
    conn = UnixHTTPConnection(sock)
    try:
        conn.request("GET", path, headers={"Host": "docker"})
        resp = conn.getresponse()
        body = resp.read()
        if resp.status != 200:
            raise RuntimeError(f"docker API {path}: {resp.status} {body[:200]!r}")
        return json.loads(body)
    finally:
        conn.close()


def count_by_project(containers):
    counts = collections.Counter()
    for c in containers:
        project = c.get("Labels", {}).get("com.docker.compose.project", "standalone")
        counts[(project, c.get("State", "unknown"))] += 1
    return counts


def publish(cw, namespace, instance_id, counts):
    data = []
    for (project, state), n in counts.items():
        data.append({
            "MetricName": "Containers",
            "Dimensions": [
                {"Name": "InstanceId", "Value": instance_id},
                {"Name": "Project", "Value": project},
                {"Name": "State", "Value": state},
            ],
            "Value": n,
            "Unit": "Count",
        })
    for i in range(0, len(data), 20):
        cw.put_metric_data(Namespace=namespace, MetricData=data[i:i + 20])
    return len(data)


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--instance-id", required=True)
    ap.add_argument("--namespace", default="Custom/Docker")
    ap.add_argument("--region", default="us-east-1")
    ap.add_argument("--socket", default=DOCKER_SOCK)
    ap.add_argument("--interval", type=int, default=60)
    ap.add_argument("--once", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    cw = boto3.client("cloudwatch", region_name=args.region)
    version = docker_get("/version", args.socket)
    log.info("docker engine %s (API %s)", version.get("Version"), version.get("ApiVersion"))
    while True:
        try:
            containers = docker_get("/containers/json?all=1", args.socket)
            n = publish(cw, args.namespace, args.instance_id, count_by_project(containers))
            log.info("published %d datapoints for %d containers", n, len(containers))
        except (OSError, RuntimeError) as exc:
            log.error("cycle failed: %s", exc)
        if args.once:
            return 0
        time.sleep(args.interval)


if __name__ == "__main__":
    sys.exit(main())
