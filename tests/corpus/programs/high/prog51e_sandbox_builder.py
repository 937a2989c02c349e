#!/usr/bin/env python3
"""Hardware-test sandbox launcher.

Writes an entrypoint script for the requested test suite into ./sandbox/,
then asks the local Docker engine (over its UNIX socket, no SDK needed) to
start a privileged container that runs the entrypoint with /dev access.
"""
import argparse
import http.client
import json
import logging
import socket
import sys
import textwrap
from pathlib import Path

log = logging.getLogger("sandbox")
DOCKER_SOCK = "/var/run/docker.sock"
WORK = Path("sandbox")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self._path)
        self.sock = sock


def engine(method, url, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    payload = json.dumps(body) if body is not None else None
    conn.request(method, url, body=payload, headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 400:
        raise RuntimeError(f"{method} {url}: {resp.status} {data[:200]!r}")
    return json.loads(data) if data else {}


def write_entrypoint(suite, devices):
    WORK.mkdir(exist_ok=True)
    script = WORK / "entrypoint.sh"
    script.write_text(textwrap.dedent(f"""\
        #!/bin/sh
        set -e
        echo "suite={suite} devices={' '.join(devices)}"
        cd /work
        exec python -m pytest tests/hw/{suite} -q --junitxml=/work/sandbox/junit.xml
        """))
    script.chmod(0o755)
    return script


def launch(image, suite, devices, keep):
    write_entrypoint(suite, devices)
    spec = {
        "Image": image,
        "Cmd": ["/work/sandbox/entrypoint.sh"],
        "Labels": {"hwtest.suite": suite},
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{Path.cwd()}:/work", "/dev:/dev"],
            "AutoRemove": not keep,
        },
    }
    created = engine("POST", f"/containers/create?name=hwtest-{suite}", spec)
    cid = created["Id"]
    engine("POST", f"/containers/{cid}/start")
    log.info("started %s for suite %s", cid[:12], suite)
    result = engine("POST", f"/containers/{cid}/wait")
    code = result.get("StatusCode", 1)
    log.info("container exited with %s", code)
    return code


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("suite")
    ap.add_argument("--image", default="registry.internal/hwtest:latest")
    ap.add_argument("--device", action="append", default=["/dev/ttyUSB0"])
    ap.add_argument("--keep", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        return launch(args.image, args.suite, args.device, args.keep)
    except (OSError, RuntimeError) as exc:
        log.error("docker engine error: %s", exc)
        return 1


if __name__ == "__main__":
    sys.exit(main())
