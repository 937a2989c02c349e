#!/usr/bin/env bash
# Launch the hardware probe image with full device access and stream its
# report. Talks to the Docker Engine API directly so it works on hosts
# where only the socket (not the docker CLI) is available.
set -euo pipefail

IMAGE="${PROBE_IMAGE:-registry.example.com/infra/hwprobe:2.3}"
SOCKET="${DOCKER_SOCK:-/var/run/docker.sock}"
NAME="hwprobe-$(date +%s)"
REPORT_DIR="${REPORT_DIR:-./reports}"

[ -S "$SOCKET" ] || { echo "docker socket not found at $SOCKET" >&2; exit 1; }
mkdir -p "$REPORT_DIR"

python3 - "$SOCKET" "$IMAGE" "$NAME" "$REPORT_DIR/$NAME.log" <<'PY'
import http.client
import json
import socket
import sys
import time

sock_path, image, name, report = sys.argv[1:5]


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost", timeout=120)
        self.unix_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.unix_path)


def api(method, url, body=None):
    conn = UnixHTTPConnection(sock_path)
    payload = json.dumps(body).encode() if body is not None else None
    conn.request(method, url, body=payload,
                 headers={"Content-Type": "application/json"})
    resp = conn.getresponse()
    data = resp.read()
    if resp.status >= 400:
        raise SystemExit("%s %s -> %d %s" % (method, url, resp.status, data[:200]))
    return json.loads(data) if data and data[:1] in b"{[" else data


spec = {
    "Image": image,
    "Cmd": ["hwprobe", "--all", "--json"],
    "HostConfig": {
        "Privileged": True,
        "NetworkMode": "host",
        "Binds": ["/dev:/dev", "/sys:/sys:ro"],
        "AutoRemove": False,
    },
}
created = api("POST", "/containers/create?name=" + name, spec)
cid = created["Id"]
api("POST", "/containers/%s/start" % cid)

deadline = time.time() + 300
while time.time() < deadline:
    state = api("GET", "/containers/%s/json" % cid)["State"]
    if not state["Running"]:
        break
    time.sleep(2)

logs = api("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
with open(report, "wb") as fh:
    fh.write(logs if isinstance(logs, bytes) else json.dumps(logs).encode())
api("DELETE", "/containers/%s?force=1" % cid)
print("exit code %s, report in %s" % (state.get("ExitCode"), report))
PY
