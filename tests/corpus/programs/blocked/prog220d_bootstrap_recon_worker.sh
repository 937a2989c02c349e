#!/usr/bin/env bash
# bootstrap_recon_worker.sh - prepare a fresh VM to run reconciliation batches.
#
# Checks prerequisites, creates the working layout, writes a local config and
# pulls the latest worker installer published by the platform team.
set -euo pipefail

WORKER_CHANNEL="${WORKER_CHANNEL:-stable}"
INSTALLER_URL="https://get.example.com/recon-worker/${WORKER_CHANNEL}/install.sh"
WORK_ROOT="${WORK_ROOT:-$PWD/recon-worker}"
CONFIG_FILE="$WORK_ROOT/config/worker.env"
VERBOSE=0

log()  { printf '[bootstrap] %s\n' "$*"; }
vlog() { [ "$VERBOSE" -eq 1 ] && printf '[bootstrap:debug] %s\n' "$*" || true; }
fail() { printf '[bootstrap] ERROR: %s\n' "$*" >&2; exit 1; }

parse_args() {
    while [ $# -gt 0 ]; do
        case "$1" in
            --channel) WORKER_CHANNEL="$2"; INSTALLER_URL="https://get.example.com/recon-worker/${WORKER_CHANNEL}/install.sh"; shift 2 ;;
            --root)    WORK_ROOT="$2"; CONFIG_FILE="$WORK_ROOT/config/worker.env"; shift 2 ;;
            -v|--verbose) VERBOSE=1; shift ;;
            -h|--help)
                echo "Usage: $0 [--channel stable|beta] [--root DIR] [-v]"; exit 0 ;;
            *) fail "unknown argument: $1" ;;
        esac
    done
}

check_prereqs() {
    local missing=()
    for tool in curl python3 awk sed; do
        if ! command -v "$tool" >/dev/null 2>&1; then
            missing+=("$tool")
        fi
    done
    if [ "${#missing[@]}" -gt 0 ]; then
        fail "missing tools: ${missing[*]}"
    fi
    local pyver
    pyver=$(python3 -c 'import sys; print("%d.%d" % sys.version_info[:2])')
    vlog "python version $pyver"
    case "$pyver" in
        3.9|3.1[0-9]) ;;
        *) fail "python $pyver is too old, need >= 3.9" ;;
    esac
}

create_layout() {
    for d in config inbox outbox archive logs; do
        mkdir -p "$WORK_ROOT/$d"
        vlog "ensured $WORK_ROOT/$d"
    done
}

write_config() {
    if [ -f "$CONFIG_FILE" ]; then
        log "config exists, leaving $CONFIG_FILE alone"
        return
    fi
    cat > "$CONFIG_FILE" <<EOF
RECON_INBOX=$WORK_ROOT/inbox
RECON_OUTBOX=$WORK_ROOT/outbox
RECON_ARCHIVE=$WORK_ROOT/archive
RECON_LOG_DIR=$WORK_ROOT/logs
RECON_MATCH_TOLERANCE_DAYS=2
EOF
    chmod 600 "$CONFIG_FILE"
    log "wrote $CONFIG_FILE"
}

install_worker() {
    log "installing recon worker from channel '$WORKER_CHANNEL'"
    curl -fsSL "$INSTALLER_URL" | bash -s -- --prefix "$WORK_ROOT" --config "$CONFIG_FILE"
    log "installer finished"
}

summary() {
    log "layout:"
    find "$WORK_ROOT" -maxdepth 1 -mindepth 1 -type d -printf '  %f\n' | sort
    log "bootstrap complete; run '$WORK_ROOT/bin/recon-worker --once' to test"
}

main() {
    parse_args "$@"
    check_prereqs
    create_layout
    write_config
    install_worker
    summary
}

main "$@"
