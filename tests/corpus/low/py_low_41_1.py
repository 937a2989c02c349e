class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import urllib.request
print(urllib.request.urlopen("https://example.com").read()[:100])
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a
