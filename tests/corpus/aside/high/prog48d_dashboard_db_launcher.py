#!/usr/bin/env python3
"""Load a folder of CSVs into a throwaway Postgres container for Metabase.

Talks to the local Docker Engine API directly so that the docker CLI and
SDK are not needed on the analysis box.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

LOG = logging.getLogger("dash_db")
ENGINE_SOCK = "/var/run/docker.sock"
IMAGE = "postgres:16-alpine"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        conn.request(method, "/v1.43" + url, body=payload,
                     headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw else {}

    def pull(self, image):
        name, tag = image.split(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}")

    def run_postgres(self, name, data_dir: Path, password, port):
        spec = {
            "Image": IMAGE,
            "Env": [f"POSTGRES_PASSWORD={password}", "POSTGRES_DB=analysis"],
            "HostConfig": {
                "Binds": [f"{data_dir.resolve()}:/docker-entrypoint-initdb.d/data:ro"],
                "PortBindings": {"5432/tcp": [{"HostIp": "127.0.0.1", "HostPort": str(port)}]},
                "AutoRemove": True,
            },
            "ExposedPorts": {"5432/tcp": {}},
        }
        created = self.call("POST", f"/containers/create?name={name}", spec)
        self.call("POST", f"/containers/{created['Id']}/start")
        return created["Id"]


def write_init_sql(data_dir: Path):
    lines = []
    for csv_file in sorted(data_dir.glob("*.csv")):
        table = csv_file.stem.lower().replace("-", "_")
        header = csv_file.open().readline().strip().split(",")
        cols = ", ".join(f'"{h}" text' for h in header)
        lines.append(f'CREATE TABLE "{table}" ({cols});')
        lines.append(f"\\copy \"{table}\" FROM '/docker-entrypoint-initdb.d/data/{csv_file.name}' CSV HEADER")
    (data_dir / "00_init.sql").write_text("\n".join(lines) + "\n")
    return len(lines) // 2


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("data_dir", type=Path)
    ap.add_argument("--name", default="metabase-src")
    ap.add_argument("--port", type=int, default=55432)
    ap.add_argument("--password", default="analysis")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    n = write_init_sql(args.data_dir)
    LOG.info("prepared %d tables", n)
    engine = Engine()
    engine.pull(IMAGE)
    cid = engine.run_postgres(args.name, args.data_dir, args.password, args.port)
    time.sleep(3)
    LOG.info("container %s listening on 127.0.0.1:%d", cid[:12], args.port)


if __name__ == "__main__":
    main()
