#!/usr/bin/env python3
"""Dispatch stem transcodes to throwaway ffmpeg containers.

Bands upload WAV stems after a session; the archive keeps FLAC masters plus
MP3 previews for the band portal. Each stem is transcoded in its own
short-lived container started through the local Docker Engine API, so the
ffmpeg build is pinned and nothing needs installing on the archive box.
"""

import argparse
import http.client
import json
import logging
import os
import socket
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

LOG = logging.getLogger("transcode")

ENGINE_SOCKET = os.environ.get("ENGINE_SOCKET", "/var/run/docker.sock")
API_VERSION = "v1.43"
IMAGE = os.environ.get("FFMPEG_IMAGE", "linuxserver/ffmpeg:6.1.1")


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=300):
        super().__init__("localhost", timeout=timeout)
        self.socket_path = path

    def connect(self):
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        sock.settimeout(self.timeout)
        sock.connect(self.socket_path)
        self.sock = sock


class Engine:
    def __init__(self, path):
        self.path = path

    def call(self, method, url, body=None, expect=(200, 201, 204)):
        conn = UnixHTTPConnection(self.path)
        try:
            payload = json.dumps(body).encode() if body is not None else None
            headers = {"Content-Type": "application/json"} if payload else {}
            conn.request(method, "/%s%s" % (API_VERSION, url), body=payload, headers=headers)
            resp = conn.getresponse()
            data = resp.read()
            if resp.status not in expect:
                raise RuntimeError("%s %s -> %d %s" % (method, url, resp.status, data[:300]))
            return json.loads(data) if data else {}
        finally:
            conn.close()

    def ensure_image(self, image):
        name, _, tag = image.partition(":")
        self.call("POST", "/images/create?fromImage=%s&tag=%s" % (name, tag or "latest"))

    def run_once(self, image, cmd, binds, label):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "Labels": {"rehearsal.job": label},
            "HostConfig": {"Binds": binds, "AutoRemove": False, "NetworkMode": "none"},
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", "/containers/%s/start" % cid)
            result = self.call("POST", "/containers/%s/wait" % cid)
            code = result.get("StatusCode", -1)
            if code != 0:
                logs = UnixHTTPConnection(self.path)
                logs.request("GET", "/%s/containers/%s/logs?stderr=1&tail=20" % (API_VERSION, cid))
                tail = logs.getresponse().read().decode(errors="replace")
                logs.close()
                raise RuntimeError("ffmpeg exit %d: %s" % (code, tail[-400:]))
        finally:
            self.call("DELETE", "/containers/%s?force=1" % cid, expect=(204, 404))


def jobs_for(session_dir, out_dir):
    for wav in sorted(session_dir.glob("*.wav")):
        stem = wav.stem
        yield (wav.name, "%s.flac" % stem, ["-c:a", "flac", "-compression_level", "8"])
        yield (wav.name, "%s_preview.mp3" % stem, ["-c:a", "libmp3lame", "-b:a", "192k"])


def transcode(engine, session_dir, out_dir, src, dst, codec):
    cmd = ["-hide_banner", "-loglevel", "error", "-y", "-i", "/in/%s" % src] + codec + ["/out/%s" % dst]
    binds = ["%s:/in:ro" % session_dir.resolve(), "%s:/out" % out_dir.resolve()]
    engine.run_once(IMAGE, cmd, binds, label=dst)
    return dst


def main():
    ap = argparse.ArgumentParser(description="Transcode session stems in containers")
    ap.add_argument("session", type=Path)
    ap.add_argument("--out", type=Path)
    ap.add_argument("--parallel", type=int, default=3)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(message)s")

    if not args.session.is_dir():
        ap.error("session directory not found")
    out_dir = args.out or args.session / "transcoded"
    out_dir.mkdir(parents=True, exist_ok=True)

    engine = Engine(ENGINE_SOCKET)
    if not args.no_pull:
        LOG.info("pulling %s", IMAGE)
        engine.ensure_image(IMAGE)

    jobs = list(jobs_for(args.session, out_dir))
    if not jobs:
        LOG.warning("no WAV stems in %s", args.session)
        return 1
    failures = 0
    with ThreadPoolExecutor(max_workers=args.parallel) as pool:
        futs = {pool.submit(transcode, engine, args.session, out_dir, *j): j for j in jobs}
        for fut in as_completed(futs):
            try:
                LOG.info("done %s", fut.result())
            except (RuntimeError, OSError) as exc:
                failures += 1
                LOG.error("failed %s: %s", futs[fut][1], exc)
    LOG.info("%d/%d outputs ok", len(jobs) - failures, len(jobs))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
