#!/usr/bin/env python3
"""Container console - a chat-ops style TCP console for the team's
containers.

Listens on loopback; each line is a command:
    ps                 list running containers
    restart NAME       restart a container
    logs NAME [N]      last N log lines
    stop NAME          stop a container
It talks to the Docker Engine API directly over its UNIX socket with a
hand-rolled HTTP/1.1 client (no docker SDK on the jump box).
"""
import argparse
import json
import logging
import selectors
import socket

log = logging.getLogger("ctrconsole")

ENGINE_SOCK = "/var/run/docker.sock"
API = "/v1.43"


class Engine:
    def __init__(self, path=ENGINE_SOCK):
        self.path = path

    def call(self, method, url, body=None):
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.settimeout(15)
        s.connect(self.path)
        payload = json.dumps(body).encode() if body is not None else b""
        head = (f"{method} {API}{url} HTTP/1.1\r\nHost: docker\r\n"
                f"Content-Type: application/json\r\nContent-Length: {len(payload)}\r\n"
                "Connection: close\r\n\r\n")
        s.sendall(head.encode() + payload)
        chunks = []
        while True:
            part = s.recv(65536)
            if not part:
                break
            chunks.append(part)
        s.close()
        raw = b"".join(chunks)
        header, _, data = raw.partition(b"\r\n\r\n")
        status = int(header.split(b" ", 2)[1])
        if b"transfer-encoding: chunked" in header.lower():
            data = self._dechunk(data)
        return status, data

    @staticmethod
    def _dechunk(data):
        out = bytearray()
        while data:
            size_line, _, rest = data.partition(b"\r\n")
            size = int(size_line.split(b";")[0], 16)
            if size == 0:
                break
            out += rest[:size]
            data = rest[size + 2:]
        return bytes(out)

    def ps(self):
        status, data = self.call("GET", "/containers/json")
        if status != 200:
            return f"error {status}"
        rows = json.loads(data)
        return "\n".join(f"{c['Id'][:12]}  {c['Names'][0].lstrip('/'):<24} {c['Status']}"
                         for c in rows) or "(none)"

    def action(self, verb, name):
        status, data = self.call("POST", f"/containers/{name}/{verb}?t=10")
        return "ok" if status in (204, 304) else f"error {status}: {data[:200]!r}"

    def logs(self, name, tail=50):
        status, data = self.call(
            "GET", f"/containers/{name}/logs?stdout=1&stderr=1&tail={int(tail)}")
        if status != 200:
            return f"error {status}"
        lines, i = [], 0
        while i + 8 <= len(data):  # multiplexed stream frames
            size = int.from_bytes(data[i + 4:i + 8], "big")
            lines.append(data[i + 8:i + 8 + size].decode("utf-8", "replace"))
            i += 8 + size
        return "".join(lines).rstrip() or "(empty)"


def execute(engine, line):
    parts = line.split()
    if not parts:
        return ""
    cmd, args = parts[0].lower(), parts[1:]
    if cmd == "ps":
        return engine.ps()
    if cmd in ("restart", "stop", "start") and len(args) == 1:
        return engine.action(cmd, args[0])
    if cmd == "logs" and args:
        return engine.logs(args[0], args[1] if len(args) > 1 else 50)
    return "commands: ps | restart NAME | stop NAME | start NAME | logs NAME [N]"


def serve(host, port, engine):
    sel = selectors.DefaultSelector()
    lsock = socket.create_server((host, port), reuse_port=False)
    lsock.setblocking(False)
    sel.register(lsock, selectors.EVENT_READ)
    buffers = {}
    log.info("container console on %s:%d", host, port)
    while True:
        for key, _ in sel.select():
            sock = key.fileobj
            if sock is lsock:
                conn, addr = lsock.accept()
                conn.setblocking(False)
                buffers[conn] = b""
                sel.register(conn, selectors.EVENT_READ)
                conn.sendall(b"ctr> ")
                continue
            data = sock.recv(4096)
            if not data:
                sel.unregister(sock)
                buffers.pop(sock, None)
                sock.close()
                continue
            buffers[sock] += data
            while b"\n" in buffers[sock]:
                line, buffers[sock] = buffers[sock].split(b"\n", 1)
                try:
                    out = execute(engine, line.decode().strip())
                except (OSError, ValueError) as exc:
                    out = f"engine error: {exc}"
                sock.sendall(out.encode() + b"\nctr> ")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=7300)
    ap.add_argument("--engine", default=ENGINE_SOCK)
    args = ap.parse_args()
    logging.basicConfig(level=logging.INFO)
    try:
        serve(args.host, args.port, Engine(args.engine))
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
