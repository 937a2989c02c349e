def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import subprocess
out = subprocess.check_output(["ls", "-l"])
print(out.decode())
