def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import argparse
p = argparse.ArgumentParser()
p.add_argument("--n", type=int, default=3)
args = p.parse_args()
print(args.n)
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
