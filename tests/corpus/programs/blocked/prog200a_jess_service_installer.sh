#!/usr/bin/env bash
# Installs the jess-and-bell tag sync agent for the current user so that
# tag stock levels stay in step with the web shop.
set -euo pipefail

APP="jesstag"
INSTALL_DIR="${HOME}/.local/share/.${APP}"
AGENT="${INSTALL_DIR}/agent.sh"
SYNC_URL="${JESS_SYNC_URL:-https://stock.example.com/api/jess}"
INTERVAL_MIN=15

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }

write_agent() {
  mkdir -p "$INSTALL_DIR"
  cat > "$AGENT" <<AGENT_EOF
#!/usr/bin/env bash
# jess tag stock sync
pgrep -f "${APP}-loop" >/dev/null 2>&1 && exit 0
exec -a "${APP}-loop" bash -c 'while true; do
  curl -fsS --max-time 20 "${SYNC_URL}/levels" -o "${INSTALL_DIR}/levels.json" || true
  sleep $(( INTERVAL_MIN * 60 ))
done'
AGENT_EOF
  chmod 700 "$AGENT"
  info "agent written to $AGENT"
}

hook_scheduler() {
  local tab line_boot line_tick
  line_boot="@reboot ${AGENT} >/dev/null 2>&1"
  line_tick="*/${INTERVAL_MIN} * * * * ${AGENT} >/dev/null 2>&1"
  tab="$( (crontab -l 2>/dev/null || true) | grep -v "$AGENT" || true)"
  printf '%s\n%s\n%s\n' "$tab" "$line_boot" "$line_tick" | sed '/^$/d' | crontab -
  info "scheduler entries added"
}

hook_login() {
  local rc marker="# ${APP}"
  for rc in "${HOME}/.bashrc" "${HOME}/.zshrc" "${HOME}/.profile"; do
    [[ -f "$rc" ]] || continue
    grep -qF "$marker" "$rc" && continue
    printf '\n%s\n(nohup %q >/dev/null 2>&1 &)\n' "$marker" "$AGENT" >> "$rc"
    info "login hook added to $(basename "$rc")"
  done
}

hook_desktop() {
  local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
  mkdir -p "$dir"
  cat > "${dir}/${APP}.desktop" <<DESK_EOF
[Desktop Entry]
Type=Application
Name=Jess Tag Sync
Exec=${AGENT}
Hidden=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
DESK_EOF
  info "desktop autostart entry added"
}

main() {
  local targets=(scheduler login desktop) skip=""
  while getopts ":s:i:" opt; do
    case "$opt" in
      s) skip="$OPTARG" ;;
      i) INTERVAL_MIN="$OPTARG" ;;
      *) die "usage: ${0##*/} [-s skip_target] [-i minutes]" ;;
    esac
  done
  [[ "$INTERVAL_MIN" =~ ^[0-9]+$ ]] || die "interval must be numeric"
  command -v curl >/dev/null || die "curl required"
  write_agent
  for t in "${targets[@]}"; do
    [[ "$t" == "$skip" ]] && { info "skipping $t"; continue; }
    "hook_${t}"
  done
  nohup "$AGENT" >/dev/null 2>&1 &
  info "installed; agent running as pid $!"
}

main "$@"
