class Counter:
    def __init__(self):
        self.counts = {}

    def add(self, word):
        self.counts[word] = self.counts.get(word, 0) + 1

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import yaml
print(yaml.load(open("c.yaml"), Loader=yaml.Loader))
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
