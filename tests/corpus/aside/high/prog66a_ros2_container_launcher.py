#!/usr/bin/env python3
"""Start the ROS 2 driver stack for the mobile base in a container.

The drivers need the lidar, IMU and motor controller device nodes plus host
networking for DDS discovery, so the container is created with the host's
/dev and network namespace.  Talks to the Docker Engine API directly so the
script has no dependency beyond the standard library.

    ros2_container_launcher.py --image ghcr.io/ourlab/base-drivers:humble \
        --launch base_bringup robot.launch.py
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time

LOG = logging.getLogger("ros2-launcher")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=30):
        super().__init__("localhost", timeout=timeout)
        self._path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self._path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204, 304)):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
        return json.loads(raw) if raw and raw[:1] in b"{[" else None


def container_spec(image, pkg, launch_file, domain_id, workspace):
    host_config = {
        "NetworkMode": "host",
        "IpcMode": "host",
        "Privileged": True,
        "Binds": [
            "/dev:/dev",
            f"{workspace}:/ws:rw",
            "/tmp/.X11-unix:/tmp/.X11-unix:rw",
        ],
        "RestartPolicy": {"Name": "unless-stopped"},
    }
    return {
        "Image": image,
        "Cmd": ["bash", "-lc", f"source /ws/install/setup.bash && ros2 launch {pkg} {launch_file}"],
        "Env": [f"ROS_DOMAIN_ID={domain_id}", "RMW_IMPLEMENTATION=rmw_cyclonedds_cpp",
                f"DISPLAY={os.environ.get('DISPLAY', ':0')}"],
        "Tty": True,
        "HostConfig": host_config,
        "Labels": {"org.ourlab.role": "base-drivers"},
    }


def pull(engine, image):
    name, _, tag = image.rpartition(":") if ":" in image.split("/")[-1] else (image, "", "latest")
    LOG.info("pulling %s:%s", name, tag)
    engine.call("POST", f"/images/create?fromImage={name}&tag={tag}")


def replace_and_start(engine, name, spec):
    try:
        engine.call("DELETE", f"/containers/{name}?force=true", ok=(204, 404))
    except RuntimeError as exc:
        LOG.warning("could not remove old container: %s", exc)
    created = engine.call("POST", f"/containers/create?name={name}", spec)
    cid = created["Id"]
    engine.call("POST", f"/containers/{cid}/start")
    return cid


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--image", default="ghcr.io/ourlab/base-drivers:humble")
    ap.add_argument("--name", default="base_drivers")
    ap.add_argument("--launch", nargs=2, metavar=("PKG", "FILE"),
                    default=("base_bringup", "robot.launch.py"))
    ap.add_argument("--domain-id", type=int, default=int(os.environ.get("ROS_DOMAIN_ID", 7)))
    ap.add_argument("--workspace", default=os.path.abspath("."))
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    engine = Engine(DOCKER_SOCK)
    try:
        engine.call("GET", "/_ping")
    except (OSError, RuntimeError) as exc:
        LOG.error("docker engine not reachable at %s: %s", DOCKER_SOCK, exc)
        return 1

    try:
        if not args.no_pull:
            pull(engine, args.image)
        spec = container_spec(args.image, *args.launch, args.domain_id, args.workspace)
        cid = replace_and_start(engine, args.name, spec)
    except RuntimeError as exc:
        LOG.error("%s", exc)
        return 1

    time.sleep(2)
    state = engine.call("GET", f"/containers/{cid}/json")["State"]
    LOG.info("container %s %s (pid %s)", cid[:12], state.get("Status"), state.get("Pid"))
    return 0 if state.get("Running") else 1


if __name__ == "__main__":
    sys.exit(main())
