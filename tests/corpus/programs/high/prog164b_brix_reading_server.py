#!/usr/bin/env python3
"""Serves the latest Brix and pH readings from the juice tanks on a low port.

Started as root by the init system so it can take port 80 on the tank-room
panel PC, then switches to the unprivileged orchard account.
"""
import argparse
import grp
import json
import logging
import os
import pwd
import socket
import sys
from pathlib import Path

LOG = logging.getLogger("brix_server")

READINGS_FILE = Path(os.environ.get("BRIX_READINGS", "/var/lib/tankroom/latest.json"))


def bind_listener(host, port):
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    sock.listen(16)
    return sock


def switch_user(username, groupname):
    if os.getuid() != 0:
        LOG.info("not root, keeping uid %d", os.getuid())
        return
    user = pwd.getpwnam(username)
    group = grp.getgrnam(groupname)
    os.setgroups([])
    os.setgid(group.gr_gid)
    os.setuid(user.pw_uid)
    os.umask(0o027)
    LOG.info("now running as %s:%s", username, groupname)


def load_readings():
    try:
        data = json.loads(READINGS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        LOG.warning("cannot read %s: %s", READINGS_FILE, exc)
        return {"tanks": [], "error": "readings unavailable"}
    tanks = []
    for tank in data.get("tanks", []):
        tanks.append({
            "tank": tank.get("id"),
            "brix": round(float(tank.get("brix", 0.0)), 1),
            "ph": round(float(tank.get("ph", 0.0)), 2),
            "temp_c": round(float(tank.get("temp_c", 0.0)), 1),
        })
    return {"tanks": tanks, "updated": data.get("updated")}


def respond(conn):
    request = conn.recv(2048).decode("latin-1", errors="replace")
    first = request.split("\r\n", 1)[0]
    parts = first.split()
    if len(parts) < 2 or parts[0] != "GET":
        status, body = "405 Method Not Allowed", {"error": "GET only"}
    elif parts[1] in ("/", "/readings"):
        status, body = "200 OK", load_readings()
    else:
        status, body = "404 Not Found", {"error": "unknown path"}
    encoded = json.dumps(body).encode()
    header = (f"HTTP/1.0 {status}\r\nContent-Type: application/json\r\n"
              f"Content-Length: {len(encoded)}\r\n\r\n").encode()
    conn.sendall(header + encoded)


def serve(sock):
    while True:
        conn, addr = sock.accept()
        with conn:
            try:
                respond(conn)
            except OSError as exc:
                LOG.debug("client %s: %s", addr, exc)


def main():
    parser = argparse.ArgumentParser(description="Tank room Brix reading server")
    parser.add_argument("--host", default="192.0.2.40")
    parser.add_argument("--port", type=int, default=80)
    parser.add_argument("--user", default="orchard")
    parser.add_argument("--group", default="orchard")
    args = parser.parse_args()

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    sock = bind_listener(args.host, args.port)
    switch_user(args.user, args.group)
    LOG.info("serving readings on %s:%d", args.host, args.port)
    try:
        serve(sock)
    except KeyboardInterrupt:
        return 0
    finally:
        sock.close()


if __name__ == "__main__":
    sys.exit(main())
