#!/usr/bin/env python3
"""Full-page screenshots of a list of URLs using a throwaway headless Chrome.

Spins up a chromedp/headless-shell container per batch through the Docker
Engine API, lets it write PNGs into ./captures, then removes it.  No Docker
SDK needed: the engine is spoken to directly over its unix socket.

    page_capture_container.py urls.txt [--width 1366] [--image IMAGE]
"""
import argparse
import http.client
import json
import logging
import os
import socket
import sys
import time
import urllib.parse
from pathlib import Path

log = logging.getLogger("pagecap")

DOCKER_SOCK = os.environ.get("DOCKER_HOST", "unix:///var/run/docker.sock").replace("unix://", "")
API = "/v1.43"


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=120):
        super().__init__("localhost", timeout=timeout)
        self.sock_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.sock_path)
        self.sock = s


class Engine:
    def __init__(self, sock_path):
        self.sock_path = sock_path

    def call(self, method, path, body=None, ok=(200, 201, 204)):
        conn = UnixHTTPConnection(self.sock_path)
        headers = {"Content-Type": "application/json"} if body is not None else {}
        conn.request(method, API + path, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        raw = resp.read()
        conn.close()
        if resp.status not in ok:
            raise RuntimeError("%s %s -> %s %s" % (method, path, resp.status, raw[:200]))
        return json.loads(raw) if raw and raw[:1] in b"{[" else raw

    def pull(self, image):
        name, _, tag = image.partition(":")
        q = urllib.parse.urlencode({"fromImage": name, "tag": tag or "latest"})
        self.call("POST", "/images/create?" + q)

    def run_batch(self, image, script, out_dir):
        spec = {
            "Image": image,
            "Entrypoint": ["/bin/sh", "-c"],
            "Cmd": [script],
            "HostConfig": {
                "Binds": ["%s:/captures" % out_dir.resolve()],
                "Privileged": True,
                "ShmSize": 1 << 30,
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        try:
            self.call("POST", "/containers/%s/start" % cid)
            status = self.call("POST", "/containers/%s/wait" % cid, ok=(200,))
            logs = self.call("GET", "/containers/%s/logs?stdout=1&stderr=1" % cid)
            return status.get("StatusCode", -1), logs
        finally:
            self.call("DELETE", "/containers/%s?force=1" % cid, ok=(204, 404))


def build_script(urls, width, height):
    lines = []
    for i, url in enumerate(urls):
        quoted = url.replace("'", "'\\''")
        lines.append(
            "/headless-shell/headless-shell --no-sandbox --disable-gpu --hide-scrollbars "
            "--window-size=%d,%d --screenshot=/captures/%03d.png '%s' >/dev/null 2>&1 "
            "&& echo ok %03d || echo fail %03d" % (width, height, i, quoted, i, i))
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("list", type=Path)
    ap.add_argument("--out", type=Path, default=Path("captures"))
    ap.add_argument("--image", default="chromedp/headless-shell:latest")
    ap.add_argument("--width", type=int, default=1366)
    ap.add_argument("--height", type=int, default=4000)
    ap.add_argument("--no-pull", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")

    urls = [u.strip() for u in args.list.read_text().splitlines() if u.strip().startswith("http")]
    if not urls:
        log.error("no URLs in %s", args.list)
        return 1
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "index.json").write_text(json.dumps(dict(enumerate(urls)), indent=1))

    engine = Engine(DOCKER_SOCK)
    try:
        if not args.no_pull:
            log.info("pulling %s", args.image)
            engine.pull(args.image)
        started = time.time()
        code, logs = engine.run_batch(args.image, build_script(urls, args.width, args.height), args.out)
    except (OSError, RuntimeError) as exc:
        log.error("docker: %s", exc)
        return 2
    log.info("batch finished in %.1fs with exit %s", time.time() - started, code)
    text = logs.decode(errors="replace") if isinstance(logs, bytes) else str(logs)
    fails = sum(1 for line in text.splitlines() if "fail" in line)
    log.info("%d captured, %d failed -> %s", len(urls) - fails, fails, args.out)
    return 0 if fails == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
