#!/usr/bin/env python3

# Do not call os.system("rm -rf /") here; it is only mentioned in a comment.
print("ok")
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
