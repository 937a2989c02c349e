#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import ctypes
libc = ctypes.CDLL("libc.so.6")
print(libc.time(None))
