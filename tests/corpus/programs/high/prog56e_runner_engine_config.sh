#!/usr/bin/env bash
# Configure the container engine on a self-hosted GitLab runner VM:
# registry mirror, log rotation, default address pools and the data root.
# Intended to be run once by an operator after provisioning the VM.
set -euo pipefail

MIRROR="${MIRROR:-https://mirror.gcr.example.internal}"
DATA_ROOT="${DATA_ROOT:-/srv/docker}"
RUNNER_USER="${RUNNER_USER:-gitlab-runner}"
DAEMON_JSON="/etc/docker/daemon.json"
DRY_RUN=0

usage() {
  echo "usage: $0 [--dry-run] [--mirror URL] [--data-root DIR]" >&2
}

while [[ $# -gt 0 ]]; do
  case "$1" in
    --dry-run) DRY_RUN=1 ;;
    --mirror) MIRROR="$2"; shift ;;
    --data-root) DATA_ROOT="$2"; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
  shift
done

SUDO=""
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "need root or sudo" >&2; exit 1; }
  SUDO="sudo"
fi

render_config() {
  cat <<JSON
{
  "registry-mirrors": ["$MIRROR"],
  "data-root": "$DATA_ROOT",
  "log-driver": "json-file",
  "log-opts": { "max-size": "50m", "max-file": "3" },
  "default-address-pools": [
    { "base": "172.30.0.0/16", "size": 24 }
  ],
  "features": { "buildkit": true },
  "live-restore": true
}
JSON
}

new_cfg="$(render_config)"
if ! jq empty <<<"$new_cfg"; then
  echo "generated config is not valid JSON" >&2
  exit 1
fi

if [[ -f "$DAEMON_JSON" ]] && diff -q <(jq -S . "$DAEMON_JSON") <(jq -S . <<<"$new_cfg") >/dev/null; then
  echo "daemon.json already up to date"
  exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
  echo "would write $DAEMON_JSON:"
  echo "$new_cfg"
  exit 0
fi

$SUDO install -d -m 0755 /etc/docker "$DATA_ROOT"
if [[ -f "$DAEMON_JSON" ]]; then
  $SUDO cp -p "$DAEMON_JSON" "$DAEMON_JSON.bak.$(date +%s)"
fi
printf '%s\n' "$new_cfg" | $SUDO tee "$DAEMON_JSON" >/dev/null
$SUDO chmod 0644 "$DAEMON_JSON"

if id "$RUNNER_USER" >/dev/null 2>&1; then
  $SUDO usermod -aG docker "$RUNNER_USER"
fi

echo "restarting docker"
$SUDO systemctl restart docker
for _ in $(seq 1 15); do
  if $SUDO docker info >/dev/null 2>&1; then
    echo "docker is up with mirror $MIRROR"
    exit 0
  fi
  sleep 2
done
echo "docker did not come back; check 'journalctl -u docker'" >&2
exit 1
