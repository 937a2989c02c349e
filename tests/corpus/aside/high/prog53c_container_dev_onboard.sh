#!/bin/sh
# container-dev-onboard.sh - second step of laptop onboarding (Debian/Ubuntu):
# let the developer use Docker without a root shell and point the daemon at
# the company registry mirror and log limits.
set -eu

PROG=$(basename "$0")
DEV_USER=${SUDO_USER:-${USER:-$(id -un)}}
MIRROR=${REGISTRY_MIRROR:-https://mirror.registry.corp.example}
DAEMON_JSON=/etc/docker/daemon.json
LOG_MAX_SIZE=${DOCKER_LOG_MAX_SIZE:-20m}
RESTART=1

log() { printf '%s: %s\n' "$PROG" "$*" >&2; }

while [ $# -gt 0 ]; do
  case $1 in
    --no-restart) RESTART=0 ;;
    --user) shift; DEV_USER=$1 ;;
    -h|--help) echo "usage: $PROG [--no-restart] [--user NAME]"; exit 0 ;;
    *) log "unknown option $1"; exit 2 ;;
  esac
  shift
done

require() {
  command -v "$1" >/dev/null 2>&1 || { log "$1 is not installed"; exit 1; }
}

ensure_group() {
  if id -nG "$DEV_USER" | tr ' ' '\n' | grep -qx docker; then
    log "$DEV_USER is already in the docker group"
    return 1
  fi
  getent group docker >/dev/null || sudo groupadd --system docker
  sudo usermod -aG docker "$DEV_USER"
  log "added $DEV_USER to the docker group"
  return 0
}

render_daemon_config() {
  cat <<EOF
{
  "registry-mirrors": ["$MIRROR"],
  "log-driver": "json-file",
  "log-opts": { "max-size": "$LOG_MAX_SIZE", "max-file": "3" },
  "features": { "buildkit": true }
}
EOF
}

write_daemon_config() {
  staged=./.onboard-daemon.json
  render_daemon_config > "$staged"
  if command -v jq >/dev/null 2>&1 && ! jq empty "$staged"; then
    log "generated daemon.json is not valid JSON"
    rm -f "$staged"
    exit 1
  fi
  if sudo test -f "$DAEMON_JSON" && sudo cmp -s "$staged" "$DAEMON_JSON"; then
    log "$DAEMON_JSON unchanged"
    rm -f "$staged"
    return 1
  fi
  sudo install -d -m 0755 /etc/docker
  if sudo test -f "$DAEMON_JSON"; then
    sudo cp -p "$DAEMON_JSON" "$DAEMON_JSON.bak"
  fi
  sudo install -m 0644 -o root -g root "$staged" "$DAEMON_JSON"
  rm -f "$staged"
  log "wrote $DAEMON_JSON"
  return 0
}

require docker
changed=0
ensure_group && changed=1
write_daemon_config && changed=1

if [ "$changed" -eq 1 ] && [ "$RESTART" -eq 1 ]; then
  log "restarting docker"
  sudo systemctl restart docker
  sudo systemctl --no-pager --lines=0 status docker || true
fi

log "done. Log out and back in (or run 'newgrp docker') to use docker without sudo."
