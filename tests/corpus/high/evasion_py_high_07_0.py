import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import os
os.system("{} ls".format("sudo"))
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]
