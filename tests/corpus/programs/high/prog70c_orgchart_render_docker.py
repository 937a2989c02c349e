#!/usr/bin/env python3
"""Generate the company org chart from the HRIS reporting-lines export.

Builds a Graphviz DOT graph (one cluster per department, edges from manager
to report) and renders it to SVG in a pinned graphviz container, so every
laptop produces the same layout regardless of the local graphviz version.
"""
import argparse
import csv
import http.client
import json
import logging
import os
import socket
import sys
from collections import defaultdict
from pathlib import Path

log = logging.getLogger("orgchart")

GRAPHVIZ_IMAGE = os.environ.get("ORGCHART_IMAGE", "hr-tools/graphviz:2.50")


class DockerSocketConnection(http.client.HTTPConnection):
    def __init__(self, path="/var/run/docker.sock", timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None):
        conn = DockerSocketConnection(self.path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, "/v1.41" + url, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
            if resp.status >= 400:
                raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
            return json.loads(data) if data and data[:1] in b"[{" else data
        finally:
            conn.close()

    def run_once(self, image, cmd, workdir):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "WorkingDir": "/work",
            "HostConfig": {"Binds": [f"{workdir}:/work"], "AutoRemove": False},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            status = self.call("POST", f"/containers/{cid}/wait")
            if status.get("StatusCode") != 0:
                logs = self.call("GET", f"/containers/{cid}/logs?stderr=1")
                raise RuntimeError(f"render failed: {logs[-500:]!r}")
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1")


def quote(text):
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def build_dot(rows, title):
    by_dept = defaultdict(list)
    for r in rows:
        by_dept[r["department"] or "Unassigned"].append(r)
    out = [f"digraph orgchart {{", f"  label={quote(title)};", "  rankdir=TB;",
           '  node [shape=box, style="rounded,filled", fillcolor="#eef3fb", fontname="Helvetica"];']
    for i, (dept, people) in enumerate(sorted(by_dept.items())):
        out.append(f"  subgraph cluster_{i} {{ label={quote(dept)};")
        for p in people:
            out.append(f"    {quote(p['employee_id'])} [label={quote(p['name'] + chr(10) + p['title'])}];")
        out.append("  }")
    for r in rows:
        if r.get("manager_id"):
            out.append(f"  {quote(r['manager_id'])} -> {quote(r['employee_id'])};")
    out.append("}")
    return "\n".join(out) + "\n"


def read_rows(path):
    with open(path, newline="", encoding="utf-8") as fh:
        return [{k: (v or "").strip() for k, v in r.items()} for r in csv.DictReader(fh)
                if (r.get("status") or "active").lower() == "active"]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("export_csv")
    ap.add_argument("-o", "--output", default="orgchart.svg")
    ap.add_argument("--title", default="Organisation chart")
    ap.add_argument("--docker-socket", default=os.environ.get("DOCKER_SOCK", "/var/run/docker.sock"))
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    try:
        rows = read_rows(args.export_csv)
    except OSError as exc:
        log.error("cannot read %s: %s", args.export_csv, exc)
        return 1
    workdir = Path.cwd()
    dot_file = workdir / "orgchart.dot"
    dot_file.write_text(build_dot(rows, args.title), encoding="utf-8")
    log.info("%d people, DOT written to %s", len(rows), dot_file)

    try:
        Engine(args.docker_socket).run_once(
            GRAPHVIZ_IMAGE, ["dot", "-Tsvg", "-o", Path(args.output).name, dot_file.name],
            str(workdir))
    except (OSError, RuntimeError) as exc:
        log.error("rendering failed: %s", exc)
        return 1
    log.info("org chart written to %s", args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
