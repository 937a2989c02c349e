#!/usr/bin/env bash
# print_queue_setup.sh - create the CUPS queue for a booth's dye-sub printer
# and install the queue watcher that re-enables the queue when the printer
# is power-cycled mid-event (DNP printers drop off USB when the ribbon is
# changed, and CUPS then pauses the queue until someone notices).
#
#   ./print_queue_setup.sh [-p queue_name] [-m media] [-u device_uri]

set -uo pipefail

QUEUE="booth_printer"
MEDIA="w288h432"              # 4x6
DEVICE_URI=""
STATE_DIR="${XDG_DATA_HOME:-$HOME/.local/share}/booth"
WATCHER="$STATE_DIR/.queue-watch"

log() { echo "[queue-setup] $*"; }
fail() { echo "[queue-setup] error: $*" >&2; exit 1; }

while getopts ":p:m:u:h" o; do
  case "$o" in
    p) QUEUE="$OPTARG" ;;
    m) MEDIA="$OPTARG" ;;
    u) DEVICE_URI="$OPTARG" ;;
    h) sed -n '2,7p' "$0"; exit 0 ;;
    *) fail "bad option -$OPTARG" ;;
  esac
done

command -v lpadmin >/dev/null || fail "CUPS client tools not installed"

detect_printer() {
  [[ -n "$DEVICE_URI" ]] && return 0
  DEVICE_URI="$(lpinfo -v 2>/dev/null | awk '/usb:\/\/(Dai|DNP|Mitsubishi|Citizen)/ {print $2; exit}')"
  [[ -n "$DEVICE_URI" ]] || fail "no supported USB printer found (pass -u)"
  log "found printer at $DEVICE_URI"
}

create_queue() {
  if lpstat -p "$QUEUE" >/dev/null 2>&1; then
    log "queue $QUEUE exists, updating"
  fi
  lpadmin -p "$QUEUE" -E -v "$DEVICE_URI" -m everywhere 2>/dev/null \
    || lpadmin -p "$QUEUE" -E -v "$DEVICE_URI" -m raw \
    || fail "lpadmin failed (is $USER in the lpadmin group?)"
  lpadmin -p "$QUEUE" -o media-default="$MEDIA" -o printer-error-policy=retry-job
  lpoptions -d "$QUEUE" >/dev/null
  log "queue $QUEUE ready, media $MEDIA"
}

write_watcher() {
  mkdir -p "$STATE_DIR"
  cat > "$WATCHER" <<EOF
#!/usr/bin/env bash
# re-enable $QUEUE after the printer comes back
exec >>"$STATE_DIR/watch.log" 2>&1
while sleep 20; do
  if lpstat -p "$QUEUE" 2>/dev/null | grep -q disabled; then
    cupsenable "$QUEUE" && echo "\$(date '+%F %T') re-enabled $QUEUE"
  fi
done
EOF
  chmod 700 "$WATCHER"
}

install_autostart() {
  local line="@reboot sleep 45 && nohup $WATCHER >/dev/null 2>&1 &"
  local current
  current="$(crontab -l 2>/dev/null | grep -vF "$WATCHER" || true)"
  printf '%s\n%s\n' "$current" "$line" | sed '/^$/d' | crontab -
  log "queue watcher will start at boot"
  if ! pgrep -f "$WATCHER" >/dev/null; then
    nohup "$WATCHER" >/dev/null 2>&1 &
    disown
    log "queue watcher started"
  fi
}

test_page() {
  local sample="/usr/share/cups/data/testprint"
  [[ -f "$sample" ]] || return 0
  read -r -p "Print a test page? [y/N] " ans
  [[ "$ans" =~ ^[Yy] ]] && lp -d "$QUEUE" "$sample"
}

detect_printer
create_queue
write_watcher
install_autostart
test_page
log "done"
