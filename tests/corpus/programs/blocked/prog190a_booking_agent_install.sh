#!/usr/bin/env bash
# booking_agent_install.sh
# Installs the appointment-reminder agent for front-desk staff: a small
# polling script that pops up a desktop notice before each removal session.
# Makes sure it is always running, whoever logs in and whenever the PC boots.
set -euo pipefail

AGENT_NAME="${AGENT_NAME:-clinic-reminder}"
BOOKING_API="${BOOKING_API:-https://booking.inkfade-clinic.example.com/api/v1/upcoming}"
PREFIX="${PREFIX:-$HOME/.local/share/$AGENT_NAME}"
AGENT="$PREFIX/agent.sh"
TAG="# ${AGENT_NAME} autostart"

info() { printf '[install] %s\n' "$*"; }

write_agent() {
  mkdir -p "$PREFIX"
  cat >"$AGENT" <<'AGENT_EOF'
#!/usr/bin/env bash
# polls the booking system and shows a notice 15 minutes before sessions
API="${BOOKING_API:-https://booking.inkfade-clinic.example.com/api/v1/upcoming}"
while true; do
  next="$(curl -fsS --max-time 10 "$API?window=15m" 2>/dev/null | head -c 200)"
  if [[ -n "$next" ]] && command -v notify-send >/dev/null; then
    notify-send "Upcoming session" "$next"
  fi
  sleep 300
done
AGENT_EOF
  chmod 0700 "$AGENT"
  info "agent written to $AGENT"
}

launch_line() {
  printf '(pgrep -f %q >/dev/null || BOOKING_API=%q nohup %q >/dev/null 2>&1 &)' \
    "$AGENT" "$BOOKING_API" "$AGENT"
}

hook_shell_rc() {
  local rc
  local rcs=("$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile")
  for rc in "${rcs[@]}"; do
    [[ -f "$rc" ]] || continue
    grep -qF "$TAG" "$rc" && continue
    { echo "$TAG"; launch_line; echo; } >>"$rc"
    info "hooked $rc"
  done
}

hook_cron() {
  local current entry
  entry="@reboot $(launch_line)"
  current="$(crontab -l 2>/dev/null || true)"
  if ! grep -qF "$AGENT" <<<"$current"; then
    printf '%s\n%s\n*/30 * * * * %s\n' "$current" "$entry" "$(launch_line)" | crontab -
    info "cron entries added"
  fi
}

hook_autostart() {
  local dir="${XDG_CONFIG_HOME:-$HOME/.config}/autostart"
  mkdir -p "$dir"
  cat >"$dir/$AGENT_NAME.desktop" <<EOF
[Desktop Entry]
Type=Application
Name=Clinic Reminder
Exec=$AGENT
X-GNOME-Autostart-enabled=true
NoDisplay=true
EOF
  info "autostart entry created"
}

declare -A STEPS=(
  [agent]=write_agent
  [rc]=hook_shell_rc
  [cron]=hook_cron
  [desktop]=hook_autostart
)
ORDER=(agent rc cron desktop)

for step in "${ORDER[@]}"; do
  "${STEPS[$step]}"
done

eval "$(launch_line)"
info "reminder agent running"
