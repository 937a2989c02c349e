#!/usr/bin/env bash
# bootstrap_ocr_toolchain.sh
#
# Prepare a fresh claims-intake workstation for the invoice OCR pipeline:
# checks prerequisites, creates the local working folders and pulls the
# vendor's OCR toolchain installer so vet invoices can be parsed locally.
#
# Usage: bootstrap_ocr_toolchain.sh [--channel stable|beta] [--skip-install]

set -euo pipefail

CHANNEL="stable"
SKIP_INSTALL=0
VENDOR_BASE="https://tools.example.com/ocr"
WORK_ROOT="${PWD}/ocr_work"
LOG_FILE="${PWD}/bootstrap_ocr.log"
REQUIRED_CMDS=(curl python3 tar)

log() {
    printf '%s %s\n' "$(date '+%F %T')" "$*" | tee -a "$LOG_FILE"
}

die() {
    log "ERROR: $*"
    exit 1
}

parse_args() {
    while [[ $# -gt 0 ]]; do
        case "$1" in
            --channel)
                [[ $# -ge 2 ]] || die "--channel needs a value"
                CHANNEL="$2"; shift 2 ;;
            --skip-install)
                SKIP_INSTALL=1; shift ;;
            -h|--help)
                sed -n '2,9p' "$0"; exit 0 ;;
            *)
                die "unknown argument: $1" ;;
        esac
    done
    case "$CHANNEL" in
        stable|beta) ;;
        *) die "channel must be stable or beta" ;;
    esac
}

check_prereqs() {
    local missing=0
    for cmd in "${REQUIRED_CMDS[@]}"; do
        if ! command -v "$cmd" >/dev/null 2>&1; then
            log "missing prerequisite: $cmd"
            missing=1
        fi
    done
    (( missing == 0 )) || die "install the missing tools first"
    log "python: $(python3 --version 2>&1)"
}

prepare_dirs() {
    local sub
    for sub in inbox parsed rejected models; do
        mkdir -p "${WORK_ROOT}/${sub}"
    done
    log "working folders ready under ${WORK_ROOT}"
}

install_toolchain() {
    if (( SKIP_INSTALL )); then
        log "skipping toolchain install as requested"
        return 0
    fi
    log "installing OCR toolchain from ${CHANNEL} channel"
    curl -fsSL "${VENDOR_BASE}/${CHANNEL}/install.sh" | bash -s -- --prefix "${WORK_ROOT}"
    log "toolchain installer finished"
}

write_settings() {
    cat > "${WORK_ROOT}/settings.ini" <<INI
[ocr]
channel = ${CHANNEL}
inbox = ${WORK_ROOT}/inbox
parsed = ${WORK_ROOT}/parsed
rejected = ${WORK_ROOT}/rejected
languages = eng
INI
    log "wrote ${WORK_ROOT}/settings.ini"
}

main() {
    parse_args "$@"
    log "bootstrap started (channel=${CHANNEL})"
    check_prereqs
    prepare_dirs
    install_toolchain
    write_settings
    log "bootstrap complete"
}

main "$@"
