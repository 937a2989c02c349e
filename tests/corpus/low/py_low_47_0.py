#!/usr/bin/env python3
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import os, signal
os.kill(12345, signal.SIGTERM)
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
