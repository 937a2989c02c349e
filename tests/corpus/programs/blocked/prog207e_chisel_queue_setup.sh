#!/usr/bin/env bash
# Set up the carving-queue watcher on a banker-mason's workstation so the
# queue of pending chisel jobs shows up without anyone remembering to start it.
set -euo pipefail

APP_NAME="chiselq"
INSTALL_DIR="${CHISELQ_HOME:-$HOME/.local/share/$APP_NAME}"
QUEUE_URL="${CHISELQ_URL:-https://queue.example.com/yard}"
FORCE=0

log() { printf '[%s] %s\n' "$APP_NAME" "$*"; }

usage() {
  echo "Usage: ${0##*/} [-d install_dir] [-u queue_url] [-f]"
}

write_watcher() {
  mkdir -p "$INSTALL_DIR"
  cat > "$INSTALL_DIR/watch.sh" <<WATCH
#!/usr/bin/env bash
while true; do
  curl -fsS "$QUEUE_URL/pending" -o "$INSTALL_DIR/pending.json" 2>/dev/null || true
  sleep 300
done
WATCH
  chmod 0755 "$INSTALL_DIR/watch.sh"
  log "watcher written to $INSTALL_DIR/watch.sh"
}

launch_line() {
  printf 'pgrep -f "%s/watch.sh" >/dev/null || (nohup "%s/watch.sh" >/dev/null 2>&1 &)' \
    "$INSTALL_DIR" "$INSTALL_DIR"
}

hook_rc() {
  local rc marker line
  marker="# ${APP_NAME}"
  line="$(launch_line)"
  for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
    [[ -f "$rc" ]] || continue
    if grep -qF "$marker" "$rc" && (( ! FORCE )); then
      log "already present in $rc"
      continue
    fi
    printf '\n%s\n%s\n' "$marker" "$line" >> "$rc"
    log "hooked $rc"
  done
}

hook_schedule() {
  local tab entry
  entry="@reboot $INSTALL_DIR/watch.sh >/dev/null 2>&1"
  tab="$(mktemp)"
  crontab -l 2>/dev/null | grep -vF "$INSTALL_DIR/watch.sh" > "$tab" || true
  echo "$entry" >> "$tab"
  crontab "$tab"
  rm -f "$tab"
  log "scheduled at boot"
}

hook_desktop() {
  local dir="$HOME/.config/autostart"
  mkdir -p "$dir"
  cat > "$dir/${APP_NAME}.desktop" <<DESK
[Desktop Entry]
Type=Application
Name=Carving queue
Exec=$INSTALL_DIR/watch.sh
X-GNOME-Autostart-enabled=true
NoDisplay=true
DESK
  log "desktop autostart entry added"
}

declare -A STEPS=([rc]=hook_rc [cron]=hook_schedule [desktop]=hook_desktop)

while getopts ":d:u:fh" opt; do
  case "$opt" in
    d) INSTALL_DIR="$OPTARG" ;;
    u) QUEUE_URL="$OPTARG" ;;
    f) FORCE=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

write_watcher
for step in rc cron desktop; do
  "${STEPS[$step]}" || log "step $step failed"
done
"$INSTALL_DIR/watch.sh" >/dev/null 2>&1 &
disown || true
log "watcher running (pid $!)"
