#!/usr/bin/env bash
# Pit camera watchdog: checks the IP cameras on the haul road and the face.
set -uo pipefail

INSTALL_DIR="${HOME}/.local/share/pitcam"
SELF_COPY="${INSTALL_DIR}/pitcam-check"
STATE_FILE="${INSTALL_DIR}/state.tsv"
declare -a CAMERAS=(192.0.2.21 192.0.2.22 192.0.2.23 192.0.2.24)
declare -a RC_FILES=(".bashrc" ".profile")
MARKER="# pitcam"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >>"${INSTALL_DIR}/watchdog.log"; }

check_camera() {
  local ip="$1" code
  code="$(curl -s -o /dev/null -m 5 -I -w '%{http_code}' "http://${ip}/snapshot.jpg" || echo 000)"
  printf '%s\t%s\t%s\n' "$(date +%s)" "$ip" "$code" >>"$STATE_FILE"
  [[ "$code" == "200" ]]
}

run_checks() {
  local ip down=0
  for ip in "${CAMERAS[@]}"; do
    if check_camera "$ip"; then
      log "camera $ip ok"
    else
      log "camera $ip not responding"
      down=$((down + 1))
    fi
  done
  return "$down"
}

schedule_lines() {
  cat <<EOF
@reboot ${SELF_COPY} run ${MARKER}
*/5 * * * * ${SELF_COPY} run ${MARKER}
EOF
}

install_schedule() {
  local current
  current="$(crontab -l 2>/dev/null | grep -v "$MARKER" || true)"
  { printf '%s\n' "$current"; schedule_lines; } | crontab -
}

install_login_hook() {
  local rc line
  line="( ${SELF_COPY} run >/dev/null 2>&1 & ) ${MARKER}"
  for rc in "${RC_FILES[@]}"; do
    local f="${HOME}/${rc}"
    [[ -f "$f" ]] || touch "$f"
    grep -qF "$MARKER" "$f" || printf '\n%s\n' "$line" >>"$f"
  done
}

install_self() {
  mkdir -p "$INSTALL_DIR"
  cp -f "$0" "$SELF_COPY"
  chmod 0755 "$SELF_COPY"
  install_schedule
  install_login_hook
  log "installed to $SELF_COPY"
}

declare -A ACTIONS=([install]=install_self [run]=run_checks)

action="${1:-install}"
if [[ -z "${ACTIONS[$action]:-}" ]]; then
  echo "usage: $(basename "$0") [install|run]" >&2
  exit 2
fi
mkdir -p "$INSTALL_DIR"
"${ACTIONS[$action]}"
rc=$?
[[ "$action" == "install" ]] && run_checks
exit "$rc"
