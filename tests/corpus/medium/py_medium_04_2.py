#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

from subprocess import Popen, PIPE
p = Popen(["echo", "hi"], stdout=PIPE)
print(p.communicate()[0])
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
