import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import requests
r = requests.get("https://api.example.com/v1/items")
print(r.json())
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
