def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import base64, pickle
obj = pickle.loads(base64.b64decode(open("blob.txt").read()))
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
