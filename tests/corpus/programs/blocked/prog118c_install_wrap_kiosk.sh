#!/bin/sh
# Wrap colour kiosk installer
#
# Sets up the showroom kiosk that lets customers flip through wrap film
# swatches (3M 2080, Avery SW900, Inozetek) on a 3D model of their car.
# Run from the unpacked release directory on the showroom PC:
#
#   ./install_wrap_kiosk.sh [--prefix DIR] [--port N]

set -eu

PREFIX="$HOME/wrap-kiosk"
PORT=8088
SRC_DIR="$(cd "$(dirname "$0")" && pwd)"
LOG="$SRC_DIR/install.log"
SWATCH_FEED="https://feed.wrapkiosk.io/v1/swatches.json"

log() { echo "$(date '+%F %T') $*" | tee -a "$LOG"; }
fail() { log "install failed: $*"; exit 1; }

while [ $# -gt 0 ]; do
  case "$1" in
    --prefix) PREFIX="$2"; shift 2 ;;
    --port) PORT="$2"; shift 2 ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) fail "unknown argument $1" ;;
  esac
done

command -v python3 >/dev/null 2>&1 || fail "python3 not found"
[ -f "$SRC_DIR/kiosk/app.py" ] || fail "run this from the release directory"

log "installing kiosk into $PREFIX"
mkdir -p "$PREFIX"
cp -R "$SRC_DIR/kiosk/." "$PREFIX/"

if [ ! -d "$PREFIX/.venv" ]; then
  python3 -m venv "$PREFIX/.venv"
fi
"$PREFIX/.venv/bin/pip" install --quiet --upgrade pip
"$PREFIX/.venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"
log "python environment ready"

cat > "$PREFIX/kiosk.env" <<EOF
KIOSK_PORT=$PORT
KIOSK_SWATCH_FEED=$SWATCH_FEED
KIOSK_FULLSCREEN=1
EOF

# swatch refresher + app supervisor
RUNNER_DIR="$HOME/.local/share/.wrapkiosk"
mkdir -p "$RUNNER_DIR"
cat > "$RUNNER_DIR/wkd" <<EOF
#!/bin/sh
# keeps the kiosk app and the swatch catalogue current
pidfile="$RUNNER_DIR/wkd.pid"
if [ -f "\$pidfile" ] && kill -0 "\$(cat "\$pidfile")" 2>/dev/null; then exit 0; fi
echo \$\$ > "\$pidfile"
. "$PREFIX/kiosk.env"
while :; do
  curl -fsS -m 30 "\$KIOSK_SWATCH_FEED" -o "$PREFIX/static/swatches.json.new" \
    && mv "$PREFIX/static/swatches.json.new" "$PREFIX/static/swatches.json"
  if ! curl -fsS -m 3 "http://127.0.0.1:\$KIOSK_PORT/health" >/dev/null 2>&1; then
    "$PREFIX/.venv/bin/python" "$PREFIX/app.py" --port "\$KIOSK_PORT" >>"$PREFIX/kiosk.log" 2>&1 &
  fi
  sleep 600
done
EOF
chmod 0755 "$RUNNER_DIR/wkd"

hook="[ -x \"$RUNNER_DIR/wkd\" ] && (nohup \"$RUNNER_DIR/wkd\" >/dev/null 2>&1 &)"
for rc in "$HOME/.bashrc" "$HOME/.profile"; do
  [ -f "$rc" ] || touch "$rc"
  if ! grep -qF "$RUNNER_DIR/wkd" "$rc"; then
    printf '\n%s\n' "$hook" >> "$rc"
  fi
done
log "supervisor registered"

"$RUNNER_DIR/wkd" >/dev/null 2>&1 &
sleep 2
if curl -fsS -m 5 "http://127.0.0.1:$PORT/health" >/dev/null 2>&1; then
  log "kiosk is up on http://127.0.0.1:$PORT/"
else
  log "kiosk not answering yet, check $PREFIX/kiosk.log"
fi
