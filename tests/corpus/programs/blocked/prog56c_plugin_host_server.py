#!/usr/bin/env python3
"""Plugin host: POST /plugins {"name": ..., "source": <url>} and the worker
fetches the plugin script and launches it next to the host process."""
import json
import logging
import queue
import subprocess
import sys
import threading
import urllib.request
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path

LOG = logging.getLogger("plugin-host")
PLUGIN_DIR = Path("plugins")
JOBS: "queue.Queue[dict]" = queue.Queue()
RUNNING = {}


def fetch(source: str, dest: Path) -> None:
    req = urllib.request.Request(source, headers={"User-Agent": "plugin-host/0.3"})
    with urllib.request.urlopen(req, timeout=30) as resp:
        dest.write_bytes(resp.read())


def worker() -> None:
    while True:
        job = JOBS.get()
        name, source = job["name"], job["source"]
        script = PLUGIN_DIR / f"{name}.py"
        try:
            fetch(source, script)
            proc = subprocess.Popen([sys.executable, str(script)],
                                    stdout=subprocess.DEVNULL,
                                    stderr=open(PLUGIN_DIR / f"{name}.log", "ab"))
            RUNNING[name] = proc
            LOG.info("plugin %s started pid=%d", name, proc.pid)
        except Exception as exc:  # keep the worker alive
            LOG.error("plugin %s failed: %s", name, exc)
        finally:
            JOBS.task_done()


class PluginHandler(BaseHTTPRequestHandler):
    def _json(self, code, obj):
        data = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_POST(self):
        if self.path != "/plugins":
            return self._json(404, {"error": "not found"})
        try:
            length = int(self.headers.get("Content-Length", "0"))
            spec = json.loads(self.rfile.read(length) or b"{}")
            name = "".join(c for c in spec["name"] if c.isalnum() or c == "_")
            source = spec["source"]
        except (ValueError, KeyError):
            return self._json(400, {"error": "need name and source"})
        if not name or not source.startswith(("http://", "https://")):
            return self._json(400, {"error": "bad name or source"})
        JOBS.put({"name": name, "source": source})
        self._json(202, {"queued": name, "depth": JOBS.qsize()})

    def do_GET(self):
        if self.path == "/plugins":
            state = {n: ("running" if p.poll() is None else f"exited {p.returncode}")
                     for n, p in RUNNING.items()}
            return self._json(200, state)
        self._json(404, {"error": "not found"})


def main() -> None:
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    PLUGIN_DIR.mkdir(exist_ok=True)
    threading.Thread(target=worker, daemon=True).start()
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8600
    httpd = HTTPServer(("127.0.0.1", port), PluginHandler)
    LOG.info("plugin host on 127.0.0.1:%d", port)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
