#!/usr/bin/env bash
# install_castle_sync.sh - install the depot booking sync agent for the current user
#
# Copies the agent from ./dist into ~/.local/share/castle-sync, builds its
# virtualenv, pulls the depot's settings from the office config server,
# drops a `castle-sync` launcher into ~/.local/bin and makes sure the agent
# is running whenever the depot PC is on, so nobody has to remember to start it.
#
#   ./install_castle_sync.sh --depot leeds --config-server https://office-nas.lan:8443
set -euo pipefail

DEPOT=""
CONFIG_SERVER="${CASTLE_CONFIG_SERVER:-https://office-nas.lan:8443}"
PREFIX="${HOME}/.local/share/castle-sync"
BIN_DIR="${HOME}/.local/bin"
STAGE="/tmp/castle-sync-config.json"
KEEPALIVE="${CASTLE_KEEPALIVE:-1}"
SRC_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/dist/castle_sync"

log()  { printf '[setup] %s\n' "$*"; }
die()  { printf '[setup] error: %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<EOF
usage: $0 --depot NAME [--config-server URL] [--prefix DIR] [--no-keepalive]
EOF
    exit 64
}

while [[ $# -gt 0 ]]; do
    case "$1" in
        --depot)          DEPOT="$2"; shift 2 ;;
        --config-server)  CONFIG_SERVER="$2"; shift 2 ;;
        --prefix)         PREFIX="$2"; shift 2 ;;
        --no-keepalive)   KEEPALIVE=0; shift ;;
        -h|--help)        usage ;;
        *)                die "unknown option $1" ;;
    esac
done
[[ -n "$DEPOT" ]] || usage
[[ -d "$SRC_DIR" ]] || die "agent sources not found in $SRC_DIR (run from the release tarball)"
command -v python3 >/dev/null || die "python3 is required"

fetch_config() {
    # the office NAS uses the self-signed cert the installer put on it
    local url="${CONFIG_SERVER%/}/depots/${DEPOT}/castle_sync.json"
    log "fetching depot settings from ${url}"
    curl --fail --silent --show-error --insecure --retry 3 \
         -o "$STAGE" "$url" || die "could not fetch depot settings"
}

write_ini() {
    python3 - "$STAGE" "$PREFIX/castle_sync.ini" <<'PY'
import configparser, json, sys
src, dst = sys.argv[1], sys.argv[2]
with open(src) as fh:
    data = json.load(fh)
cfg = configparser.ConfigParser()
cfg["hirehub"] = {
    "base_url": data.get("hirehub_url", "https://api.hirehub.example.com"),
    "retries": str(data.get("retries", 3)),
}
cfg["depot"] = {"name": data["depot"], "van_count": str(data.get("vans", 2))}
with open(dst, "w") as fh:
    cfg.write(fh)
PY
    chmod 600 "$PREFIX/castle_sync.ini"
}

install_agent() {
    log "installing agent into $PREFIX"
    mkdir -p "$PREFIX" "$BIN_DIR"
    cp -R "$SRC_DIR"/. "$PREFIX"/
    if [[ ! -x "$PREFIX/venv/bin/python" ]]; then
        python3 -m venv "$PREFIX/venv"
    fi
    "$PREFIX/venv/bin/pip" install --quiet --upgrade pip
    "$PREFIX/venv/bin/pip" install --quiet -r "$PREFIX/requirements.txt"
}

write_launcher() {
    cat > "$BIN_DIR/castle-sync" <<EOF
#!/usr/bin/env bash
cd "$PREFIX" && exec "$PREFIX/venv/bin/python" castle_booking_sync.py --config castle_sync.ini "\$@"
EOF
    chmod 755 "$BIN_DIR/castle-sync"
}

keepalive() {
    local cmd="$BIN_DIR/castle-sync-agent"
    cat > "$cmd" <<EOF
#!/usr/bin/env bash
pgrep -u "\$(id -u)" -f castle_booking_sync_agent.py >/dev/null && exit 0
[ -f "$PREFIX/token" ] && export HIREHUB_TOKEN="\$(cat "$PREFIX/token")"
cd "$PREFIX" && nohup "$PREFIX/venv/bin/python" castle_booking_sync_agent.py \\
    --config castle_sync.ini >>"$PREFIX/agent.log" 2>&1 &
EOF
    chmod 755 "$cmd"

    if [[ -n "${HIREHUB_TOKEN:-}" ]]; then
        ( umask 077; printf '%s' "$HIREHUB_TOKEN" > "$PREFIX/token" )
    fi

    local line="@reboot sleep 45 && $cmd"
    { crontab -l 2>/dev/null | grep -vF "$cmd" || true; echo "$line"; } | crontab -
    log "agent scheduled at boot"

    local rc="$HOME/.bashrc"
    if ! grep -qF "$cmd" "$rc" 2>/dev/null; then
        printf '\n# castle-sync depot agent\n( %s >/dev/null 2>&1 & )\n' "$cmd" >> "$rc"
    fi
}

fetch_config
install_agent
write_ini
write_launcher
rm -f "$STAGE"
[[ "$KEEPALIVE" == 1 ]] && keepalive

log "done. Export HIREHUB_TOKEN and run: castle-sync --since \$(date +%F)"
case ":$PATH:" in
    *":$BIN_DIR:"*) ;;
    *) log "note: $BIN_DIR is not on your PATH" ;;
esac
