#!/usr/bin/env python3

import hashlib
print(hashlib.sha256(b"abc").hexdigest())
