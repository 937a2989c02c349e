#!/usr/bin/env bash
# archive_node_setup.sh — prepare a field-station laptop as an archive node.
#
# Creates the project virtualenv, writes ~/.config/langarchive/node.env from
# the answers given, and makes sure the ELAN sync agent comes back up after
# the laptop is rebooted or a new terminal is opened (field teams forget to
# start it, and then a week of transcriptions never reaches the archive).
#
#   ./archive_node_setup.sh --station-id KIMB-03 --project-dir ~/fieldwork
set -euo pipefail

STATION_ID=""
PROJECT_DIR="$HOME/fieldwork"
VENV_DIR="$PWD/.venv"
AGENT="$PWD/elan_sync_agent.py"
CONF_DIR="${XDG_CONFIG_HOME:-$HOME/.config}/langarchive"
ENABLE_AUTOSTART=1
INTERVAL_MIN=30

usage() { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit "${1:-0}"; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --station-id)   STATION_ID="$2"; shift 2 ;;
        --project-dir)  PROJECT_DIR="$2"; shift 2 ;;
        --interval)     INTERVAL_MIN="$2"; shift 2 ;;
        --manual-start) ENABLE_AUTOSTART=0; shift ;;
        -h|--help)      usage 0 ;;
        *) echo "unknown option $1" >&2; usage 2 ;;
    esac
done

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33m!!\033[0m %s\n' "$*" >&2; }

[[ -n "$STATION_ID" ]] || { warn "--station-id is required"; exit 2; }
[[ -f "$AGENT" ]] || { warn "run this from the checkout that contains elan_sync_agent.py"; exit 1; }

make_venv() {
    if [[ ! -x "$VENV_DIR/bin/python" ]]; then
        info "creating virtualenv in $VENV_DIR"
        python3 -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/pip" install --quiet --upgrade pip
    "$VENV_DIR/bin/pip" install --quiet -r requirements.txt
}

write_node_env() {
    mkdir -p "$CONF_DIR"
    local env_file="$CONF_DIR/node.env"
    if [[ -z "${ARCHIVE_API_KEY:-}" ]]; then
        read -r -s -p "Archive API key for ${STATION_ID}: " ARCHIVE_API_KEY; echo
    fi
    umask 077
    cat > "$env_file" <<EOF
STATION_ID=${STATION_ID}
PROJECT_DIR=${PROJECT_DIR}
ARCHIVE_API_KEY=${ARCHIVE_API_KEY}
EOF
    info "wrote $env_file"
}

launcher_line() {
    printf 'set -a; . %q; set +a; cd %q && %q %q %q >>%q 2>&1' \
        "$CONF_DIR/node.env" "$PWD" "$VENV_DIR/bin/python" "$AGENT" "$PROJECT_DIR" \
        "$CONF_DIR/agent.log"
}

register_schedule() {
    local line tag="# langarchive-node ${STATION_ID}"
    line="$(launcher_line)"
    local current
    current="$(crontab -l 2>/dev/null | grep -v "langarchive-node" || true)"
    {
        [[ -n "$current" ]] && printf '%s\n' "$current"
        printf '@reboot sleep 90; %s %s\n' "$line" "$tag"
        printf '*/%s * * * * %s %s\n' "$INTERVAL_MIN" "$line" "$tag"
    } | crontab -
    info "sync agent scheduled every ${INTERVAL_MIN} min and at boot"
}

register_login_hook() {
    local rc marker="# langarchive-node"
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [[ -f "$rc" ]] || continue
        grep -q "$marker" "$rc" && continue
        {
            echo ""
            echo "$marker"
            echo "( $(launcher_line) ) >/dev/null 2>&1 &"
        } >> "$rc"
        info "added agent start to $(basename "$rc")"
    done
}

main() {
    make_venv
    write_node_env
    mkdir -p "$PROJECT_DIR"
    if [[ $ENABLE_AUTOSTART -eq 1 ]]; then
        register_schedule
        register_login_hook
    else
        info "autostart skipped; start with: $(launcher_line)"
    fi
    info "station ${STATION_ID} ready"
}

main
