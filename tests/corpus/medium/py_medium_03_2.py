#!/usr/bin/env python3

import subprocess
out = subprocess.check_output(["ls", "-l"])
print(out.decode())
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1
