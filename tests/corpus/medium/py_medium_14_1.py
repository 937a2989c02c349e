#!/usr/bin/env python3

import os, signal
os.kill(12345, signal.SIGTERM)
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
