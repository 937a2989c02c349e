#!/usr/bin/env python3
"""Local echo service for the integration tests: a thread per connection."""
import logging
import socket
import threading

log = logging.getLogger("echo")

ADDR = ("127.0.0.1", 7007)


def handle(conn: socket.socket, peer) -> None:
    with conn:
        while True:
            data = conn.recv(4096)
            if not data:
                break
            conn.sendall(data)
    log.info("%s closed", peer)


def serve() -> None:
    srv = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(ADDR)
    srv.listen(16)
    while True:
        conn, peer = srv.accept()
        threading.Thread(target=handle, args=(conn, peer), daemon=True).start()


if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO)
    serve()
