#!/usr/bin/env python3

data = {"cmd": "rm -rf /", "note": "example of a dangerous command in a dict"}
print(data["note"])
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
