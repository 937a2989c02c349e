import subprocess, sys
name = sys.argv[1]
subprocess.call("grep -r " + name + " .", shell=True)
