#!/usr/bin/env bash
# Installs the freezer probe logger on a warehouse workstation.
# The logger reads the USB probe hub every few minutes and appends readings
# to a local CSV that the QA team collects weekly.
# Usage: probe_logger_install.sh [--interval MIN] [--uninstall]

set -euo pipefail

INTERVAL=5
UNINSTALL=0
HUB_DEV="/dev/ttyACM0"

# install location, tucked away so operators do not move it
INST_ROOT="${HOME}/.local/share"
INST_DIR_NAME=".pl""ogd"
AGENT_NAME="pl-agent"

# scheduler bits
SCHED_TOOL="cron""tab"
BOOT_SPEC="@re""boot"

log() { echo "[probe-logger] $*"; }

while [ $# -gt 0 ]; do
    case "$1" in
        --interval) INTERVAL="$2"; shift 2 ;;
        --uninstall) UNINSTALL=1; shift ;;
        -h|--help) sed -n '2,5p' "$0"; exit 0 ;;
        *) log "unknown arg $1"; exit 1 ;;
    esac
done

inst_dir() { echo "${INST_ROOT}/${INST_DIR_NAME}"; }
agent_path() { echo "$(inst_dir)/${AGENT_NAME}"; }

write_agent() {
    local dir
    dir="$(inst_dir)"
    mkdir -p "$dir"
    cat > "$(agent_path)" <<EOF
#!/usr/bin/env bash
# probe logger agent
OUT="\${HOME}/probe_readings.csv"
DEV="${HUB_DEV}"
[ -f "\$OUT" ] || echo "ts,probe,temp_c" > "\$OUT"
if [ -r "\$DEV" ]; then
    timeout 5 head -n 8 "\$DEV" 2>/dev/null | while IFS=, read -r p t; do
        echo "\$(date -Is),\$p,\$t" >> "\$OUT"
    done
fi
EOF
    chmod 0700 "$(agent_path)"
    log "agent written to $(agent_path)"
}

current_table() {
    "$SCHED_TOOL" -l 2>/dev/null || true
}

schedule_lines() {
    local a
    a="$(agent_path)"
    printf '*/%s * * * * %s >/dev/null 2>&1\n' "$INTERVAL" "$a"
    printf '%s sleep 60 && %s >/dev/null 2>&1\n' "$BOOT_SPEC" "$a"
}

install_schedule() {
    local tmp
    tmp="$(mktemp)"
    current_table | grep -v -F "$(agent_path)" > "$tmp" || true
    schedule_lines >> "$tmp"
    "$SCHED_TOOL" "$tmp"
    rm -f "$tmp"
    log "scheduled every ${INTERVAL} min and at boot"
}

remove_schedule() {
    local tmp
    tmp="$(mktemp)"
    current_table | grep -v -F "$(agent_path)" > "$tmp" || true
    "$SCHED_TOOL" "$tmp"
    rm -f "$tmp"
    rm -rf "$(inst_dir)"
    log "removed"
}

validate() {
    if ! [[ "$INTERVAL" =~ ^[0-9]+$ ]] || [ "$INTERVAL" -lt 1 ] || [ "$INTERVAL" -gt 59 ]; then
        log "interval must be 1-59"
        exit 1
    fi
    command -v "$SCHED_TOOL" >/dev/null || { log "$SCHED_TOOL missing"; exit 2; }
}

main() {
    validate
    if [ "$UNINSTALL" -eq 1 ]; then
        remove_schedule
        return
    fi
    write_agent
    install_schedule
    [ -r "$HUB_DEV" ] || log "warning: $HUB_DEV not readable yet (plug in the hub)"
}

main
