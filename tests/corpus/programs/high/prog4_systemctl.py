import subprocess
SERVICES = ["nginx", "redis-server"]
for s in SERVICES:
    subprocess.run(["systemctl", "restart", s])
