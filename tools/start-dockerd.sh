#!/usr/bin/env bash
# Starts a Docker daemon for the docker backend's tests when none answers on
# /var/run/docker.sock: no bridge and no iptables (runs use network none or a
# holder's loopback only), its log in ${MAI_DOCKERD_LOG:-/tmp/mai-dockerd.log}.
# Exit 0 when a daemon answers, 1 otherwise (the docker tests then skip).
set -euo pipefail
sock=/var/run/docker.sock
log=${MAI_DOCKERD_LOG:-/tmp/mai-dockerd.log}

answers() { curl -sf --max-time 2 --unix-socket "$sock" http://docker/_ping >/dev/null 2>&1; }

if answers; then
  echo "start-dockerd: a daemon already answers on $sock"
  exit 0
fi
if ! command -v dockerd >/dev/null; then
  echo "start-dockerd: dockerd is not installed (Debian package docker.io)" >&2
  exit 1
fi
echo "start-dockerd: starting dockerd (log: $log)"
# setsid: its own session, so the end of the shell or job that started it
# (a killed process group) does not take the daemon with it.
setsid nohup dockerd --bridge=none --iptables=false --ip-masq=false >"$log" 2>&1 </dev/null &
for _ in $(seq 1 60); do
  if answers; then
    echo "start-dockerd: ready"
    exit 0
  fi
  sleep 0.5
done
echo "start-dockerd: dockerd did not answer within 30 s; last lines of $log:" >&2
tail -n 20 "$log" >&2 || true
exit 1
