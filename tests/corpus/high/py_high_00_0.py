#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
os.setuid(0)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
