#!/usr/bin/env python3

import hashlib
def store(user, password):
    return {"user": user, "hash": hashlib.md5(password.encode()).hexdigest()}
