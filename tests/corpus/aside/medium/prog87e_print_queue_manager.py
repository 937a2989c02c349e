#!/usr/bin/env python3
"""Print-queue manager for the makerspace 3D printers.

Runs next to OctoPrint on each printer's Raspberry Pi.  It asks the queue
server for the next approved job for this printer, downloads the G-code,
runs the shop's post-processing step from the local hooks folder (purge
line, bed temperature caps for the PEI sheets, filament-change pauses) and
uploads the result to the local OctoPrint instance.

Configuration lives in queue-manager.ini:

    [queue]
    url = https://queue.makerhive.example/api
    printer = mk3s-02
    hook = shop_defaults
    hooks_dir = ./hooks

    [octoprint]
    url = http://127.0.0.1:5000
"""

import argparse
import configparser
import http.client
import json
import logging
import os
import sys
import time
import types
import uuid
from pathlib import Path
from urllib.parse import urlsplit

LOG = logging.getLogger("queue-manager")


class QueueError(RuntimeError):
    pass


class HttpEndpoint:
    def __init__(self, base_url, headers=None, timeout=20):
        parts = urlsplit(base_url)
        self.scheme = parts.scheme
        self.host = parts.hostname
        self.port = parts.port
        self.prefix = parts.path.rstrip("/")
        self.headers = headers or {}
        self.timeout = timeout

    def request(self, method, path, body=None, headers=None):
        cls = http.client.HTTPSConnection if self.scheme == "https" else http.client.HTTPConnection
        conn = cls(self.host, self.port, timeout=self.timeout)
        hdrs = dict(self.headers)
        hdrs.update(headers or {})
        try:
            conn.request(method, self.prefix + path, body=body, headers=hdrs)
            resp = conn.getresponse()
            data = resp.read()
        finally:
            conn.close()
        if resp.status >= 300:
            raise QueueError(f"{method} {path}: HTTP {resp.status} {data[:200]!r}")
        return data


class QueueClient(HttpEndpoint):
    def __init__(self, base_url, printer_id, token):
        super().__init__(base_url, {"Authorization": f"Bearer {token}"})
        self.printer_id = printer_id

    def next_job(self):
        data = self.request("GET", f"/printers/{self.printer_id}/next")
        return json.loads(data) if data.strip() else None

    def gcode(self, job):
        return self.request("GET", f"/jobs/{job['id']}/gcode").decode("utf-8", "replace")

    def set_state(self, job, state, note=""):
        body = json.dumps({"state": state, "note": note, "printer": self.printer_id})
        self.request("POST", f"/jobs/{job['id']}/state", body,
                     {"Content-Type": "application/json"})


class PostProcessor:
    """The shop's post-processing step, kept in the local hooks folder."""

    def __init__(self, hooks_dir, name):
        self.path = Path(hooks_dir) / f"{name}.py"
        self.name = name
        self._process = None
        self._mtime = None

    def _load(self):
        source = self.path.read_text(encoding="utf-8")
        module = types.ModuleType(f"queue_hook_{self.name}")
        exec(compile(source, str(self.path), "exec"), module.__dict__)
        self._process = getattr(module, "process")
        self._mtime = self.path.stat().st_mtime
        LOG.info("loaded post-processing hook %s", self.path)

    def __call__(self, gcode, job):
        if self._process is None or self.path.stat().st_mtime != self._mtime:
            self._load()
        return self._process(gcode, dict(job))


class OctoPrint(HttpEndpoint):
    def __init__(self, base_url, api_key):
        super().__init__(base_url, {"X-Api-Key": api_key}, timeout=60)

    def is_ready(self):
        state = json.loads(self.request("GET", "/api/printer?exclude=temperature,sd"))
        return state.get("state", {}).get("flags", {}).get("ready", False)

    def upload_and_print(self, filename, gcode):
        boundary = uuid.uuid4().hex
        body = "".join([
            f"--{boundary}\r\n",
            f'Content-Disposition: form-data; name="file"; filename="{filename}"\r\n',
            "Content-Type: application/octet-stream\r\n\r\n",
            gcode,
            f"\r\n--{boundary}\r\n",
            'Content-Disposition: form-data; name="print"\r\n\r\ntrue\r\n',
            f"--{boundary}--\r\n",
        ]).encode("utf-8")
        self.request("POST", "/api/files/local", body,
                     {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def run_once(queue, octo, post):
    if not octo.is_ready():
        LOG.debug("printer busy or not operational")
        return False
    job = queue.next_job()
    if not job:
        return False
    LOG.info("job %s from %s: %s", job["id"], job.get("member"), job.get("filename"))
    queue.set_state(job, "preparing")
    try:
        gcode = post(queue.gcode(job), job)
        octo.upload_and_print(f"q{job['id']}_{job.get('filename', 'job.gcode')}", gcode)
    except Exception as exc:
        queue.set_state(job, "failed", str(exc))
        raise
    queue.set_state(job, "printing")
    return True


def main(argv=None):
    ap = argparse.ArgumentParser(description="3D printer queue manager")
    ap.add_argument("-c", "--config", default="queue-manager.ini")
    ap.add_argument("--once", action="store_true", help="handle one job and exit")
    ap.add_argument("--interval", type=int, default=30)
    ap.add_argument("-v", "--verbose", action="store_true")
    args = ap.parse_args(argv)

    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(name)s %(levelname)s %(message)s")
    cfg = configparser.ConfigParser()
    if not cfg.read(args.config):
        LOG.error("config %s not found", args.config)
        return 2

    queue = QueueClient(cfg["queue"]["url"], cfg["queue"]["printer"],
                        os.environ.get("FARM_QUEUE_TOKEN", ""))
    octo = OctoPrint(cfg.get("octoprint", "url", fallback="http://127.0.0.1:5000"),
                     os.environ.get("OCTOPRINT_API_KEY", ""))
    post = PostProcessor(cfg.get("queue", "hooks_dir", fallback="./hooks"),
                         cfg.get("queue", "hook", fallback="shop_defaults"))

    failures = 0
    while True:
        try:
            run_once(queue, octo, post)
            failures = 0
        except (OSError, QueueError, ValueError) as exc:
            failures += 1
            LOG.warning("cycle failed (%d in a row): %s", failures, exc)
            if failures >= 10:
                LOG.error("giving up after %d failures", failures)
                return 1
        if args.once:
            return 0
        time.sleep(min(args.interval * max(failures, 1), 600))


if __name__ == "__main__":
    sys.exit(main())
