#!/usr/bin/env bash
# synapse_config_deploy.sh - render the conf.d snippets kept in this repo
# (templates/*.yaml.in) and roll them out to the local Synapse homeserver.
#
#   ./synapse_config_deploy.sh [-e env-file] [--check] [--no-restart]
#
# Values for ${VARS} in the templates come from the env file (default
# ./synapse.env). Needs sudo rights on the matrix host.

set -euo pipefail

ENV_FILE=./synapse.env
CHECK_ONLY=0
RESTART=1
TEMPLATE_DIR=./templates
CONF_DIR=/etc/matrix-synapse/conf.d
SERVICE=matrix-synapse
SYNAPSE_USER=matrix-synapse

usage() { sed -n '2,9p' "$0"; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -e) ENV_FILE="$2"; shift 2 ;;
        --check) CHECK_ONLY=1; shift ;;
        --no-restart) RESTART=0; shift ;;
        -h|--help) usage ;;
        *) echo "unknown argument: $1" >&2; usage 2 ;;
    esac
done

log() { logger -t synapse-deploy -- "$*" 2>/dev/null || true; echo "deploy: $*"; }

[[ -f "$ENV_FILE" ]] || { echo "missing $ENV_FILE" >&2; exit 1; }
set -a; . "$ENV_FILE"; set +a

BUILD="$(mktemp -d)"
trap 'rm -rf "$BUILD"' EXIT

render() {
    local tpl out vars
    for tpl in "$TEMPLATE_DIR"/*.yaml.in; do
        out="$BUILD/$(basename "${tpl%.in}")"
        vars="$(grep -o '\${[A-Z_][A-Z0-9_]*}' "$tpl" | sort -u | tr -d '\n')"
        envsubst "$vars" < "$tpl" > "$out"
        if grep -q '\${' "$out"; then
            echo "unresolved variables in $out" >&2
            return 1
        fi
        python3 -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$out"
    done
    log "rendered $(ls "$BUILD" | wc -l) snippets"
}

show_diff() {
    local f changed=0
    for f in "$BUILD"/*.yaml; do
        if ! sudo -n diff -u "$CONF_DIR/$(basename "$f")" "$f" 2>/dev/null; then
            changed=1
        fi
    done
    return $changed
}

install_snippets() {
    sudo install -d -m 0750 -o root -g "$SYNAPSE_USER" "$CONF_DIR"
    local f
    for f in "$BUILD"/*.yaml; do
        sudo install -m 0640 -o root -g "$SYNAPSE_USER" "$f" "$CONF_DIR/"
    done
    log "installed snippets into $CONF_DIR"
}

validate() {
    sudo -u "$SYNAPSE_USER" /opt/venvs/matrix-synapse/bin/python -m synapse.app.homeserver \
        --config-path /etc/matrix-synapse/homeserver.yaml \
        --config-path "$CONF_DIR" --generate-missing-configs >/dev/null
}

render
if show_diff; then
    log "no changes"
    exit 0
fi
(( CHECK_ONLY )) && exit 0

install_snippets
validate || { log "config validation failed, not restarting"; exit 1; }
if (( RESTART )); then
    sudo systemctl restart "$SERVICE"
    sleep 3
    systemctl is-active --quiet "$SERVICE" && log "synapse restarted" \
        || { log "synapse failed to start"; sudo journalctl -u "$SERVICE" -n 40 --no-pager; exit 1; }
fi
