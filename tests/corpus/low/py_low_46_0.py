def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import os
os.chmod("run.sh", 0o755)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
