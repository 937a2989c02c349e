#!/usr/bin/env python3
"""Start (or restart) the predictive dialer container for a campaign.

Talks to the local Docker Engine API directly so the launcher works on the
stripped-down dialer hosts where the docker CLI is not installed.  The
dialer needs host networking for RTP and access to the DAHDI/telephony card
devices, and real-time scheduling for its pacing loop.

Campaign settings come from a JSON file, e.g. campaigns/spring_renewals.json:
    {"name": "spring_renewals", "image": "registry.local/dialer:4.2",
     "pacing_ratio": 1.8, "max_abandon_pct": 3, "trunk": "carrier-a"}
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from urllib.parse import quote

log = logging.getLogger("dialer_launch")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.unix_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            payload = json.dumps(body) if body is not None else None
            conn.request(method, API + path, body=payload,
                         headers={"Content-Type": "application/json"})
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path} -> {resp.status}: {data[:300]!r}")
        return json.loads(data) if data else None

    def find(self, name):
        filters = json.dumps({"name": [f"^/{name}$"]})
        found = self.call("GET", f"/containers/json?all=1&filters={quote(filters)}")
        return found[0] if found else None


def container_spec(campaign, args):
    env = [
        f"CAMPAIGN={campaign['name']}",
        f"PACING_RATIO={campaign.get('pacing_ratio', 1.5)}",
        f"MAX_ABANDON_PCT={campaign.get('max_abandon_pct', 3)}",
        f"TRUNK={campaign.get('trunk', 'default')}",
        f"AMI_HOST={args.ami_host}",
    ]
    return {
        "Image": campaign["image"],
        "Env": env,
        "Labels": {"com.callcentre.role": "dialer", "com.callcentre.campaign": campaign["name"]},
        "HostConfig": {
            "NetworkMode": "host",
            "Privileged": True,
            "Binds": ["/dev/dahdi:/dev/dahdi", f"{os.path.abspath(args.data_dir)}:/var/lib/dialer"],
            "RestartPolicy": {"Name": "unless-stopped"},
            "Ulimits": [{"Name": "rtprio", "Soft": 99, "Hard": 99}],
            "LogConfig": {"Type": "json-file", "Config": {"max-size": "50m", "max-file": "5"}},
        },
    }


def wait_running(engine, cid, timeout=30):
    deadline = time.time() + timeout
    while time.time() < deadline:
        state = engine.call("GET", f"/containers/{cid}/json")["State"]
        if state.get("Running"):
            return True
        if state.get("Status") == "exited":
            log.error("dialer exited with code %s", state.get("ExitCode"))
            return False
        time.sleep(1)
    return False


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("campaign", help="campaign JSON file")
    ap.add_argument("--ami-host", default="127.0.0.1")
    ap.add_argument("--data-dir", default="./dialer-data")
    ap.add_argument("--pull", action="store_true", help="pull the image first")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    with open(args.campaign) as fh:
        campaign = json.load(fh)
    name = f"dialer-{campaign['name']}"
    os.makedirs(args.data_dir, exist_ok=True)

    engine = Engine(DOCKER_SOCK)
    try:
        if args.pull:
            image, _, tag = campaign["image"].rpartition(":")
            engine.call("POST", f"/images/create?fromImage={image}&tag={tag}")
            log.info("pulled %s", campaign["image"])
        existing = engine.find(name)
        if existing:
            log.info("replacing existing container %s", existing["Id"][:12])
            engine.call("POST", f"/containers/{existing['Id']}/stop?t=20", ok=(204, 304))
            engine.call("DELETE", f"/containers/{existing['Id']}", ok=(204,))
        created = engine.call("POST", f"/containers/create?name={name}",
                              container_spec(campaign, args), ok=(201,))
        engine.call("POST", f"/containers/{created['Id']}/start", ok=(204,))
    except (OSError, RuntimeError) as exc:
        log.error("docker engine call failed: %s", exc)
        return 1

    if wait_running(engine, created["Id"]):
        log.info("dialer for %s running (%s)", campaign["name"], created["Id"][:12])
        return 0
    return 1


if __name__ == "__main__":
    sys.exit(main())
