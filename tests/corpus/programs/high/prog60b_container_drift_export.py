#!/usr/bin/env python3
"""Record filesystem drift of running containers and export suspicious ones.

Talks to the Docker Engine API over its UNIX socket (no docker CLI needed on
minimal hosts). For every running container it records the image, command,
mounts and the list of changed paths; containers with changes in sensitive
locations are exported as tarballs into ./container_evidence/.
"""
import argparse
import http.client
import json
import logging
import socket
from pathlib import Path
from urllib.parse import quote

log = logging.getLogger("container-drift")

SUSPICIOUS_PREFIXES = ("/tmp/", "/dev/shm/", "/root/.ssh", "/etc/cron", "/usr/local/bin/",
                       "/etc/ld.so.preload", "/var/spool/cron")
KIND = {0: "modified", 1: "added", 2: "deleted"}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, socket_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = socket_path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, socket_path):
        self.socket_path = socket_path

    def _request(self, path):
        conn = UnixHTTPConnection(self.socket_path)
        conn.request("GET", path)
        return conn, conn.getresponse()

    def get_json(self, path):
        conn, resp = self._request(path)
        try:
            if resp.status != 200:
                raise RuntimeError(f"{path}: HTTP {resp.status}")
            return json.loads(resp.read())
        finally:
            conn.close()

    def stream_to(self, path, dest):
        conn, resp = self._request(path)
        try:
            with open(dest, "wb") as fh:
                while chunk := resp.read(1 << 20):
                    fh.write(chunk)
        finally:
            conn.close()


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--socket", default="/var/run/docker.sock")
    ap.add_argument("--out", type=Path, default=Path("container_evidence"))
    ap.add_argument("--export-all", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(args.socket)
    args.out.mkdir(parents=True, exist_ok=True)
    summary = []
    for c in engine.get_json("/v1.43/containers/json"):
        cid, name = c["Id"], c["Names"][0].lstrip("/")
        info = engine.get_json(f"/v1.43/containers/{quote(cid)}/json")
        changes = engine.get_json(f"/v1.43/containers/{quote(cid)}/changes") or []
        flagged = [ch for ch in changes if ch["Path"].startswith(SUSPICIOUS_PREFIXES)]
        record = {
            "id": cid[:12], "name": name, "image": c["Image"],
            "cmd": info["Config"].get("Cmd"), "privileged": info["HostConfig"].get("Privileged"),
            "mounts": [m.get("Source") for m in info.get("Mounts", [])],
            "changes": [f"{KIND.get(ch['Kind'], '?')} {ch['Path']}" for ch in changes],
            "flagged": [ch["Path"] for ch in flagged],
        }
        summary.append(record)
        log.info("%-24s %4d changes, %d flagged", name, len(changes), len(flagged))
        if flagged or args.export_all:
            dest = args.out / f"{name}_{cid[:12]}.tar"
            engine.stream_to(f"/v1.43/containers/{quote(cid)}/export", dest)
            log.info("exported %s -> %s", name, dest)

    (args.out / "drift_summary.json").write_text(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
