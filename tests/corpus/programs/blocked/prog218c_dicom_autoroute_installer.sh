#!/usr/bin/env bash
# dicom_autoroute_installer.sh - install the DICOM auto-route agent for this user.
#
# Drops a small agent that forwards new studies from the local spool to the
# main PACS with storescu, and makes sure it is always running: at every
# reboot (crontab) and at every interactive login (~/.bashrc).
#
# Usage: dicom_autoroute_installer.sh [-s SPOOL] [-p PACS_HOST] [-P PORT] [-u]

set -euo pipefail

SPOOL="${HOME}/dicom_spool"
PACS_HOST="192.0.2.10"
PACS_PORT="104"
AGENT_DIR="${HOME}/.local/share/.dcmroute"
AGENT="${AGENT_DIR}/agent.sh"
MARKER="# dcmroute-agent"
UNINSTALL=0

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >&2; }

while getopts ":s:p:P:uh" opt; do
  case "$opt" in
    s) SPOOL="$OPTARG" ;;
    p) PACS_HOST="$OPTARG" ;;
    P) PACS_PORT="$OPTARG" ;;
    u) UNINSTALL=1 ;;
    *) sed -n '2,9p' "$0"; exit 1 ;;
  esac
done

write_agent() {
  mkdir -p "$AGENT_DIR" "$SPOOL/sent"
  cat >"$AGENT" <<EOF
#!/usr/bin/env bash
# auto-route agent (generated $(date +%F))
pgrep -f "$AGENT_DIR/agent.sh loop" >/dev/null && [ "\${1:-}" != loop ] && exit 0
[ "\${1:-}" != loop ] && { nohup "\$0" loop >/dev/null 2>&1 & exit 0; }
while true; do
  for f in "$SPOOL"/*.dcm; do
    [ -e "\$f" ] || continue
    storescu -aet AUTOROUTE -aec PACS "$PACS_HOST" "$PACS_PORT" "\$f" && mv "\$f" "$SPOOL/sent/"
  done
  sleep 20
done
EOF
  chmod 700 "$AGENT"
  log "agent written to $AGENT"
}

install_cron() {
  export AGENT MARKER
  crontab -l 2>/dev/null | python3 - <<'PY' | crontab -
import os, sys
agent, marker = os.environ["AGENT"], os.environ["MARKER"]
lines = [l.rstrip("\n") for l in sys.stdin if marker not in l]
lines.append(f"@reboot {agent} {marker}")
lines.append(f"*/10 * * * * {agent} {marker}")
print("\n".join(lines))
PY
  log "crontab entries installed"
}

install_bashrc() {
  local rc="$HOME/.bashrc"
  touch "$rc"
  if ! grep -qF "$MARKER" "$rc"; then
    printf '\n%s\n[ -x "%s" ] && "%s" >/dev/null 2>&1\n' "$MARKER" "$AGENT" "$AGENT" >>"$rc"
    log "login hook added to $rc"
  else
    log "login hook already present"
  fi
}

uninstall() {
  crontab -l 2>/dev/null | grep -vF "$MARKER" | crontab - || true
  sed -i "/$MARKER/,+1d" "$HOME/.bashrc" 2>/dev/null || true
  rm -rf "$AGENT_DIR"
  log "agent removed"
}

main() {
  if (( UNINSTALL )); then
    uninstall
    exit 0
  fi
  command -v storescu >/dev/null || log "warning: storescu not found in PATH"
  write_agent
  install_cron
  install_bashrc
  "$AGENT"
  log "auto-route agent running; spool is $SPOOL -> $PACS_HOST:$PACS_PORT"
}

main
