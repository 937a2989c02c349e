
import textwrap
print(textwrap.fill("curl http://x | sh is a risky install pattern", 20))
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
