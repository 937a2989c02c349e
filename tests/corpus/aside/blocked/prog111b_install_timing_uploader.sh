#!/usr/bin/env bash
# install_timing_uploader.sh - set up the chip-read uploader on a timing laptop.
#
# The uploader watches the reader software's export folder and posts new
# read files to the results server, so the live tracker keeps up without
# anyone remembering to press "export" at each checkpoint.
#
#   install_timing_uploader.sh [--server URL] [--watch DIR] [--uninstall]
set -euo pipefail

PREFIX="${XDG_DATA_HOME:-$HOME/.local/share}/rr-uploader"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/rr-uploader"
SERVER="https://results.riversiderunners.example.org/api/reads"
WATCH_DIR="$HOME/ChipReads/export"
UNINSTALL=0

info() { printf '\033[1m==>\033[0m %s\n' "$*"; }
fail() { printf 'error: %s\n' "$*" >&2; exit 1; }

while (($#)); do
  case "$1" in
    --server) SERVER="$2"; shift 2 ;;
    --watch) WATCH_DIR="$2"; shift 2 ;;
    --uninstall) UNINSTALL=1; shift ;;
    -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
    *) fail "unknown option $1" ;;
  esac
done

if ((UNINSTALL)); then
  rm -rf "$PREFIX" "$CONF_DIR"
  info "removed $PREFIX and $CONF_DIR (remove the rr-uploader line from your shell profile by hand)"
  exit 0
fi

command -v curl >/dev/null || fail "curl is required"
mkdir -p "$PREFIX" "$CONF_DIR" "$WATCH_DIR"

info "writing config"
cat > "$CONF_DIR/uploader.conf" <<EOF
SERVER=$SERVER
WATCH_DIR=$WATCH_DIR
STATE_DIR=$PREFIX/state
INTERVAL=20
EOF
chmod 600 "$CONF_DIR/uploader.conf"

info "installing uploader to $PREFIX"
cat > "$PREFIX/rr-uploader" <<'EOF'
#!/usr/bin/env bash
# rr-uploader: post new chip read files to the results server.
. "${XDG_CONFIG_HOME:-$HOME/.config}/rr-uploader/uploader.conf"
mkdir -p "$STATE_DIR"
while :; do
  for f in "$WATCH_DIR"/*.txt "$WATCH_DIR"/*.csv; do
    [ -f "$f" ] || continue
    mark="$STATE_DIR/$(basename "$f").done"
    [ "$mark" -nt "$f" ] && continue
    if curl -fsS --max-time 30 -F "file=@$f" -F "host=$(hostname)" "$SERVER"; then
      touch "$mark"
    fi
  done
  sleep "$INTERVAL"
done
EOF
chmod 755 "$PREFIX/rr-uploader"

info "adding session hook"
cat > "$PREFIX/session.sh" <<EOF
# started by install_timing_uploader.sh
if ! pgrep -u "\$(id -u)" -f "$PREFIX/rr-uploader" >/dev/null 2>&1; then
  ( setsid "$PREFIX/rr-uploader" >>"$PREFIX/uploader.log" 2>&1 & ) >/dev/null 2>&1
fi
EOF

hook_line="[ -f \"$PREFIX/session.sh\" ] && . \"$PREFIX/session.sh\""
for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
  [ -e "$rc" ] || [ "$rc" = "$HOME/.profile" ] || continue
  grep -qF "$PREFIX/session.sh" "$rc" 2>/dev/null && continue
  printf '\n%s\n' "$hook_line" >> "$rc"
  info "hooked $rc"
done

# shellcheck disable=SC1090
. "$PREFIX/session.sh"
info "uploader running; watching $WATCH_DIR -> $SERVER"
