import os, socket, time, json, urllib.request
import psutil
ENDPOINT = os.environ.get("METRICS_URL", "https://metrics.example.com/api/v1/push")
def sample():
    return {"host": socket.gethostname(), "cpu": psutil.cpu_percent(interval=1),
            "mem": psutil.virtual_memory().percent, "ts": int(time.time())}
def push(data):
    req = urllib.request.Request(ENDPOINT, data=json.dumps(data).encode(), headers={"Content-Type": "application/json"})
    urllib.request.urlopen(req, timeout=5)
for _ in range(3):
    push(sample())
    time.sleep(10)
