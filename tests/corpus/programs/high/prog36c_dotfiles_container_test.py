#!/usr/bin/env python3
"""dotcheck: test that your dotfiles load cleanly in a fresh container.

Starts a throw-away container per shell image, mounts ./dotfiles
read-only, runs the dotfiles' install script inside the container and
then starts an interactive-login shell to make sure it comes up without
errors.  Talks to the Docker Engine API directly over its unix socket so
it has no dependency on the docker CLI or docker-py.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
from pathlib import Path

LOG = logging.getLogger("dotcheck")
DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"
IMAGES = {
    "bash": "debian:bookworm-slim",
    "zsh": "ghcr.io/dotcheck/zsh-base:5.9",
    "fish": "ghcr.io/dotcheck/fish-base:3.7",
}
SMOKE = {
    "bash": "bash -lic 'echo DOTCHECK_OK'",
    "zsh": "zsh -lic 'echo DOTCHECK_OK'",
    "fish": "fish -lic 'echo DOTCHECK_OK'",
}


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, raw=False):
        conn = UnixHTTPConnection(self.sock_path)
        payload = json.dumps(body).encode() if body is not None else None
        headers = {"Content-Type": "application/json"} if payload else {}
        conn.request(method, API + path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        if raw:
            return data
        return json.loads(data) if data else None

    def pull(self, image):
        name, _, tag = image.rpartition(":")
        self.call("POST", f"/images/create?fromImage={name}&tag={tag}", raw=True)

    def run(self, image, command, mount_src):
        spec = {
            "Image": image,
            "Cmd": ["sh", "-c", command],
            "Env": ["HOME=/root", "TERM=xterm-256color"],
            "HostConfig": {
                "Binds": [f"{mount_src}:/root/dotfiles:ro"],
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout):
        deadline = time.time() + timeout
        while time.time() < deadline:
            state = self.call("GET", f"/containers/{cid}/json")["State"]
            if not state["Running"]:
                return state["ExitCode"]
            time.sleep(1)
        raise TimeoutError(f"container {cid[:12]} still running after {timeout}s")

    def logs(self, cid):
        raw = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1", raw=True)
        out, i = [], 0
        while i + 8 <= len(raw):  # demultiplex docker log frames
            size = int.from_bytes(raw[i + 4:i + 8], "big")
            out.append(raw[i + 8:i + 8 + size])
            i += 8 + size
        return b"".join(out).decode(errors="replace")

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def check(engine, shell, dotfiles, installer, timeout):
    image = IMAGES[shell]
    LOG.info("[%s] pulling %s", shell, image)
    engine.pull(image)
    cmd = f"cd /root/dotfiles && sh ./{installer} && {SMOKE[shell]}"
    cid = engine.run(image, cmd, dotfiles)
    try:
        code = engine.wait(cid, timeout)
        output = engine.logs(cid)
    finally:
        engine.remove(cid)
    ok = code == 0 and "DOTCHECK_OK" in output
    LOG.info("[%s] %s (exit %d)", shell, "PASS" if ok else "FAIL", code)
    if not ok:
        print(output[-2000:])
    return ok


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--dotfiles", default="dotfiles")
    ap.add_argument("--installer", default="install.sh")
    ap.add_argument("--shell", action="append", choices=sorted(IMAGES))
    ap.add_argument("--timeout", type=int, default=180)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(message)s")

    src = Path(args.dotfiles).resolve()
    if not (src / args.installer).is_file():
        LOG.error("%s not found in %s", args.installer, src)
        return 1
    engine = Engine()
    results = {}
    for shell in args.shell or sorted(IMAGES):
        try:
            results[shell] = check(engine, shell, str(src), args.installer, args.timeout)
        except (OSError, RuntimeError, TimeoutError) as exc:
            LOG.error("[%s] error: %s", shell, exc)
            results[shell] = False
    return 0 if all(results.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
