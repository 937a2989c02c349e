import subprocess
subprocess.run(["setcap", "cap_net_bind_service=+ep", "/usr/local/bin/server"])
