#!/usr/bin/env python3
"""Status report for the containers behind the museum visitor kiosks.

Talks to the local Docker engine to list the kiosk containers, their state
and restart counts, and can restart a kiosk that has stopped.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
from urllib.parse import quote

LOG = logging.getLogger("kiosk-status")

DOCKER_SOCKET = "/var/run/docker.sock"
KIOSK_LABEL = "org.horology-trust.role=kiosk"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=10):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class DockerClient:
    def __init__(self, socket_path=DOCKER_SOCKET):
        self.socket_path = socket_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.socket_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError("docker %s %s -> %s %s" % (method, path, resp.status, data[:200]))
        return json.loads(data) if data else None

    def kiosk_containers(self):
        filters = quote(json.dumps({"label": [KIOSK_LABEL]}))
        return self.request("GET", "/containers/json?all=1&filters=%s" % filters)

    def inspect(self, container_id):
        return self.request("GET", "/containers/%s/json" % container_id)

    def restart(self, container_id):
        return self.request("POST", "/containers/%s/restart?t=10" % container_id)


def summarise(client):
    rows = []
    for item in client.kiosk_containers() or []:
        detail = client.inspect(item["Id"])
        rows.append({
            "id": item["Id"][:12],
            "name": item["Names"][0].lstrip("/") if item.get("Names") else "?",
            "image": item.get("Image", "?"),
            "state": item.get("State", "?"),
            "restarts": detail.get("RestartCount", 0),
            "started": detail.get("State", {}).get("StartedAt", ""),
        })
    return rows


def print_table(rows):
    if not rows:
        print("no kiosk containers found")
        return
    print("%-14s %-26s %-10s %-8s %s" % ("ID", "NAME", "STATE", "RESTARTS", "IMAGE"))
    for row in rows:
        print("%-14s %-26s %-10s %-8s %s" % (
            row["id"], row["name"], row["state"], row["restarts"], row["image"]))


def main():
    parser = argparse.ArgumentParser(description="Kiosk container status")
    parser.add_argument("--json", action="store_true", help="print JSON instead of a table")
    parser.add_argument("--restart-stopped", action="store_true")
    parser.add_argument("--socket", default=DOCKER_SOCKET)
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")
    client = DockerClient(args.socket)
    try:
        rows = summarise(client)
    except (OSError, RuntimeError) as exc:
        LOG.error("cannot reach docker engine: %s", exc)
        return 1

    if args.restart_stopped:
        for row in rows:
            if row["state"] in ("exited", "dead"):
                LOG.info("restarting %s", row["name"])
                client.restart(row["id"])
                row["state"] = "restarting"

    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print_table(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
