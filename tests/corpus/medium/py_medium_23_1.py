def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import marshal
code = marshal.loads(open("x.bin", "rb").read())
