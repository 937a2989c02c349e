
from subprocess import Popen, PIPE
p = Popen(["echo", "hi"], stdout=PIPE)
print(p.communicate()[0])
