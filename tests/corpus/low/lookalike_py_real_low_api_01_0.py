#!/usr/bin/env python3

import os
import requests

hosts = []
with open(os.path.expanduser("~/.ssh/config")) as f:
    for line in f:
        if line.strip().lower().startswith("host "):
            hosts.append(line.split()[1])
requests.post("https://inventory.example.com/hosts", json={"hosts": hosts})

