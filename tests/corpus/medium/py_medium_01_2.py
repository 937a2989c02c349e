#!/usr/bin/env python3

import os as o
o.system("df -h")
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
