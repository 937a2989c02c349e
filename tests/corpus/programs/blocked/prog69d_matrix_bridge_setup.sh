#!/usr/bin/env bash
# matrix_bridge_setup.sh - install the mautrix-telegram bridge for our
# homeserver under ~/bridges, write its config and registration file, and
# make sure it comes back after a reboot or crash.
#
#   HOMESERVER=https://matrix.example.com DOMAIN=example.com \
#   TG_API_ID=... TG_API_HASH=... ./matrix_bridge_setup.sh [--version 0.15.1]

set -eo pipefail

VERSION="0.15.1"
BASE="${BRIDGE_HOME:-$HOME/bridges/mautrix-telegram}"
PORT="${BRIDGE_PORT:-29317}"
KEEPALIVE=yes

while [[ $# -gt 0 ]]; do
    case "$1" in
        --version) VERSION="$2"; shift 2 ;;
        --prefix)  BASE="$2"; shift 2 ;;
        --no-keepalive) KEEPALIVE=no; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) echo "unknown option $1" >&2; exit 2 ;;
    esac
done

: "${HOMESERVER:?set HOMESERVER}"
: "${DOMAIN:?set DOMAIN}"
: "${TG_API_ID:?set TG_API_ID}"
: "${TG_API_HASH:?set TG_API_HASH}"

info() { echo -e "\033[1;34m==>\033[0m $*"; }

install_bridge() {
    info "installing mautrix-telegram ${VERSION} into ${BASE}"
    mkdir -p "$BASE"
    python3 -m venv "$BASE/.venv"
    "$BASE/.venv/bin/pip" install --quiet --upgrade pip wheel
    "$BASE/.venv/bin/pip" install --quiet "mautrix-telegram[all]==${VERSION}"
}

write_config() {
    cd "$BASE"
    if [[ ! -f config.yaml ]]; then
        cp .venv/lib/python3*/site-packages/mautrix_telegram/example-config.yaml config.yaml
    fi
    info "patching config.yaml"
    "$BASE/.venv/bin/python" - "$HOMESERVER" "$DOMAIN" "$PORT" <<'PY'
import sys
from ruamel.yaml import YAML
hs, domain, port = sys.argv[1], sys.argv[2], int(sys.argv[3])
yaml = YAML()
with open("config.yaml") as fh:
    cfg = yaml.load(fh)
cfg["homeserver"]["address"] = hs
cfg["homeserver"]["domain"] = domain
cfg["appservice"]["address"] = f"http://localhost:{port}"
cfg["appservice"]["port"] = port
cfg["appservice"]["database"] = "sqlite:///mautrix-telegram.db"
cfg["bridge"]["permissions"] = {domain: "full", f"@admin:{domain}": "admin"}
import os
cfg["telegram"]["api_id"] = int(os.environ["TG_API_ID"])
cfg["telegram"]["api_hash"] = os.environ["TG_API_HASH"]
with open("config.yaml", "w") as fh:
    yaml.dump(cfg, fh)
PY
    chmod 600 config.yaml
    "$BASE/.venv/bin/python" -m mautrix_telegram -g -c config.yaml -r registration.yaml
    info "registration.yaml written; add it to app_service_config_files on the homeserver"
}

write_runner() {
    cat > "$BASE/run.sh" <<EOF
#!/bin/sh
cd "$BASE" || exit 1
pgrep -f "mautrix_telegram -c $BASE/config.yaml" >/dev/null && exit 0
exec "$BASE/.venv/bin/python" -m mautrix_telegram -c "$BASE/config.yaml" >>"$BASE/bridge.log" 2>&1
EOF
    chmod 755 "$BASE/run.sh"
}

keepalive() {
    info "registering restart entries"
    local tag="# mautrix-telegram keepalive"
    {
        crontab -l 2>/dev/null | grep -v "$tag" || true
        echo "@reboot $BASE/run.sh $tag"
        echo "*/5 * * * * $BASE/run.sh $tag"
    } | crontab -
}

install_bridge
write_config
write_runner
[[ "$KEEPALIVE" == yes ]] && keepalive
info "starting bridge"
nohup "$BASE/run.sh" >/dev/null 2>&1 &
info "done - bridge listening on localhost:${PORT}"
