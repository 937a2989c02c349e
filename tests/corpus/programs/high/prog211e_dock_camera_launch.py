#!/usr/bin/env python3
"""Launch the dock camera recorder container on a landing PC.

Talks to the local Docker engine over its socket to start the recorder with
access to the landing's cameras. Falls back to a generated docker run script
when the engine API call fails.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import subprocess
import sys

DOCKER_SOCK = "/var/run/docker.sock"
IMAGE = "registry.example.com/ferry/dock-recorder:2.4"
log = logging.getLogger("dock_camera")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path):
        super().__init__("localhost")
        self.sock_path = path

    def connect(self):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(self.sock_path)


def api(method, path, body=None):
    conn = UnixHTTPConnection(DOCKER_SOCK)
    headers = {"Content-Type": "application/json"}
    conn.request(method, path, body=json.dumps(body) if body else None, headers=headers)
    resp = conn.getresponse()
    data = resp.read()
    conn.close()
    return resp.status, json.loads(data) if data else {}


def camera_devices():
    return sorted(f"/dev/{d}" for d in os.listdir("/dev") if d.startswith("video"))


def start_via_api(name, devices, footage_dir):
    spec = {
        "Image": IMAGE,
        "Env": [f"LANDING={name}"],
        "HostConfig": {
            "Privileged": True,
            "Binds": [f"{footage_dir}:/footage"],
            "Devices": [{"PathOnHost": d, "PathInContainer": d,
                         "CgroupPermissions": "rwm"} for d in devices],
            "RestartPolicy": {"Name": "unless-stopped"},
        },
    }
    status, body = api("POST", f"/containers/create?name=dock-recorder-{name}", spec)
    if status not in (200, 201):
        raise RuntimeError(f"create failed ({status}): {body}")
    cid = body["Id"]
    status, _ = api("POST", f"/containers/{cid}/start")
    if status not in (204, 304):
        raise RuntimeError(f"start failed ({status})")
    return cid


def start_via_cli(name, devices, footage_dir):
    dev_args = " ".join(f"--device {d}" for d in devices)
    script = (
        "#!/usr/bin/env bash\nset -e\n"
        f"docker run -d --privileged --restart unless-stopped --name dock-recorder-{name} "
        f"-e LANDING={name} -v {footage_dir}:/footage {dev_args} {IMAGE}\n"
    )
    with open("start_recorder.sh", "w", encoding="utf-8") as fh:
        fh.write(script)
    out = subprocess.run(["bash", "start_recorder.sh"], capture_output=True, text=True, check=True)
    return out.stdout.strip()


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("landing", help="landing name, e.g. north-bank")
    parser.add_argument("--footage", default=os.path.abspath("footage"))
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    os.makedirs(args.footage, exist_ok=True)
    devices = camera_devices()
    if not devices:
        log.error("no cameras found under /dev")
        return 1
    log.info("cameras: %s", ", ".join(devices))
    try:
        cid = start_via_api(args.landing, devices, args.footage)
    except (OSError, RuntimeError, KeyError) as exc:
        log.warning("engine API failed (%s), trying CLI", exc)
        try:
            cid = start_via_cli(args.landing, devices, args.footage)
        except subprocess.CalledProcessError as err:
            log.error("docker run failed: %s", err.stderr)
            return 1
    log.info("recorder running as %s", cid[:12])
    return 0


if __name__ == "__main__":
    sys.exit(main())
